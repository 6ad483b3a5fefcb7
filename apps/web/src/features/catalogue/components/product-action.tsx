import { Anchor, Button, Stack, Text } from '@mantine/core';
import type { TProductCard } from '@portal/contracts/catalogue';
import { USER_TYPE } from '@portal/contracts/constants';
import { ROUTES, routePath } from '@portal/contracts/routes';
import { IconInfoCircle, IconMessageCircle, IconShoppingCart } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { browserSession, useSession } from '../../../lib/browser-session.ts';
import { preloadScreen } from '../../../lib/screen-preload.ts';
import { useAddToCart, useAddToEnquiry } from '../api/catalogue-calls.ts';

/**
 * What the visitor can do with the product (spec §4): a school reserves an order-type
 * product, a sponsor enquires about an enquiry-type one; signed out, the button leads to
 * the matching login and back; the other kind of account is told who can.
 */
export function ProductAction({ product }: { product: Pick<TProductCard, 'product_id' | 'type'> }) {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const addToCart = useAddToCart();
  const addToEnquiry = useAddToEnquiry();
  const isOrder = product.type === 'order';
  const owner = isOrder ? USER_TYPE.school : USER_TYPE.sponsor;
  const label = isOrder ? 'Order Now' : 'Enquire Now';
  const icon = isOrder ? <IconShoppingCart size={20} aria-hidden /> : <IconMessageCircle size={20} aria-hidden />;

  if (!session.signedIn) {
    const login = isOrder ? ROUTES.schoolLogin.path : ROUTES.sponsorLogin.path;
    return (
      <Stack gap={6} align="flex-start">
        <Button
          size="lg"
          leftSection={icon}
          onClick={() => {
            browserSession.setBackUrl(pathname);
            navigate(login);
          }}
        >
          {label}
        </Button>
        <Text size="sm" c="gray.7">
          {isOrder ? 'Schools log in to reserve this product.' : 'Sponsors log in to enquire about this product.'}
        </Text>
      </Stack>
    );
  }

  if (session.usertype !== owner) {
    return (
      <Stack gap={4} p="md" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }} role="note">
        <Text fw={700} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <IconInfoCircle size={20} aria-hidden />
          {isOrder ? 'Schools reserve this product' : 'Sponsors enquire about this product'}
        </Text>
        <Text size="sm" c="gray.8">
          {isOrder
            ? 'Sponsors cannot order it, but we are glad to talk about sponsoring it for a school.'
            : 'Schools cannot reserve it through the order form, but we are glad to answer questions.'}{' '}
          <Anchor component={Link} to={ROUTES.contact.path} fw={600}>
            Contact Us
          </Anchor>
        </Text>
      </Stack>
    );
  }

  const start = async () => {
    if (isOrder) {
      preloadScreen('orderNow');
      const { order_key } = await addToCart.mutateAsync(product.product_id);
      navigate(routePath('orderNow', { key: order_key }));
    } else {
      const { enq_key } = await addToEnquiry.mutateAsync(product.product_id);
      navigate(routePath('enquireNow', { key: enq_key }));
    }
  };
  return (
    <Button
      size="lg"
      leftSection={icon}
      loading={addToCart.isPending || addToEnquiry.isPending}
      // The failure is shown as a toast by the API client.
      onClick={() => start().catch(() => undefined)}
    >
      {label}
    </Button>
  );
}
