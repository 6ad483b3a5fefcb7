import '../../../styles/mantine-forms.css';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { routePath } from '@portal/contracts/routes';
import type { TOrderDetailsResponse } from '@portal/contracts/school-orders';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { AccountLayout } from '../../../components/account-layout.tsx';
import { FreeTermsModal } from '../../../components/free-terms-modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import { OrderFacts } from '../../../components/order-view/order-facts.tsx';
import { OrderFilesCard } from '../../../components/order-view/order-files-card.tsx';
import { OrderItemsCard } from '../../../components/order-view/order-items-card.tsx';
import { OrderPricesCard } from '../../../components/order-view/order-prices-card.tsx';
import { FormSkeleton, LoadError } from '../../../components/page-states.tsx';
import { SCHOOL_SIDEBAR } from '../../../components/school-links.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { useAcceptOrderTerms, useOrderDetails } from '../api/school-order-calls.ts';
import { OrderActions } from '../components/order-actions.tsx';
import { OrderProofs } from '../components/order-proofs.tsx';
import classes from '../components/school-order.module.css';
import { SchoolOrderInvoices } from '../components/school-order-invoices.tsx';

/** school/order/{key} (spec §2 school order details): one order in full, and what the school may do with it. */
export default function SchoolOrder() {
  const { key = '' } = useParams();
  const details = useOrderDetails(key);
  const order = details.data?.order;
  const title = order ? `Order #${order.order_id}` : 'Order';
  usePageMeta({ title });

  return (
    <AccountLayout title={title} links={SCHOOL_SIDEBAR}>
      {details.isError ? (
        details.error instanceof ApiError && details.error.status === 404 ? (
          <Notice tone="error" title="Order not found">
            <Text size="sm">
              This order is not one of your school’s.{' '}
              <Anchor component={Link} to={routePath('schoolOrders')}>
                See your orders
              </Anchor>
            </Text>
          </Notice>
        ) : (
          <LoadError message={details.error.message} onRetry={() => void details.refetch()} />
        )
      ) : !details.data ? (
        <FormSkeleton rows={6} />
      ) : (
        <OrderDetails data={details.data} />
      )}
    </AccountLayout>
  );
}

function OrderDetails({ data }: { data: TOrderDetailsResponse }) {
  const { order } = data;
  return (
    <Stack gap="lg" className={classes.details}>
      <FreeTerms data={data} />
      {order.cancel_requested === 1 && order.order_status !== 'Cancelled' && (
        <Notice tone="success" title="Cancellation requested">
          <Text size="sm">We have your request to cancel this order; our team will reply to you by e-mail.</Text>
        </Notice>
      )}
      <OrderFacts order={order} />
      <OrderActions data={data} />
      <OrderProofs orderKey={order.order_key} />
      <OrderItemsCard order={order} />
      <OrderPricesCard order={order} />
      <SchoolOrderInvoices orderKey={order.order_key} />
      <OrderFilesCard files={data.files} />
    </Stack>
  );
}

/** The free products' terms (spec §2): a banner while they wait, and their modal, opened by ?tncaccept=1 too. */
function FreeTerms({ data }: { data: TOrderDetailsResponse }) {
  const { order } = data;
  const [params, setParams] = useSearchParams();
  const acceptTerms = useAcceptOrderTerms(order.order_key);
  const termsPending = order.free_tnc_req === 1 && order.free_tnc_accepted === 0;
  const termsOpen = termsPending && params.get('tncaccept') === '1';
  const setTermsOpen = (open: boolean) =>
    setParams(
      (p) => {
        if (open) p.set('tncaccept', '1');
        else p.delete('tncaccept');
        return p;
      },
      { replace: true },
    );
  if (!termsPending) return null;

  return (
    <>
      <Paper withBorder radius="md" p="md" className={classes.termsBanner} role="alert">
        <Group justify="space-between" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <IconAlertTriangle size={22} aria-hidden color="var(--mantine-color-orange-8)" style={{ flex: 'none' }} />
            <Text size="sm">This order has free products. Please agree to their terms so that we can send them.</Text>
          </Group>
          <Button color="orange" size="sm" onClick={() => setTermsOpen(true)} className={classes.noPrint}>
            Agree to Terms
          </Button>
        </Group>
      </Paper>
      <FreeTermsModal
        opened={termsOpen}
        onClose={() => setTermsOpen(false)}
        onAgree={() =>
          acceptTerms.mutate(undefined, {
            onSuccess: (answer) => {
              toastSuccess(answer.message);
              setTermsOpen(false);
            },
          })
        }
      />
    </>
  );
}
