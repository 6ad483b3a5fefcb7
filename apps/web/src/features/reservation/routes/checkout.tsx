import '../../../styles/mantine-forms.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Box, Checkbox, Container, Group, Image, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { CHECKOUT_METHODS, PlaceOrderBody, type TCheckoutResponse } from '@portal/contracts/checkout';
import { CONTENT_PAGE } from '@portal/contracts/constants';
import { salesTaxNote } from '@portal/contracts/orders';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { Notice } from '../../../components/notice.tsx';
import { FormSkeleton, LoadError } from '../../../components/page-states.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { goToGateway } from '../../../lib/go-to-gateway.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { placeOrder, useCheckout } from '../api/reservation-calls.ts';
import { PriceRows } from '../components/price-summary.tsx';

interface CheckoutValues {
  order_key: string;
  payment_method: string;
  tnc: boolean;
}

/** checkout/{key} (spec §2): the product, the price breakup, how to pay, and the terms. */
export default function Checkout() {
  usePageMeta({ pageId: CONTENT_PAGE.checkout });
  const { key = '' } = useParams();
  const checkout = useCheckout(key);

  return (
    <Container size="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Title order={1}>Checkout</Title>
        {checkout.isError ? (
          checkout.error instanceof ApiError && checkout.error.status === 409 ? (
            <Notice tone="error" title="Nothing to pay here">
              <Text size="sm">
                {checkout.error.message}{' '}
                <Anchor component={Link} to={`/school/order/${key}`}>
                  See the order
                </Anchor>
                .
              </Text>
            </Notice>
          ) : checkout.error instanceof ApiError && checkout.error.status === 404 ? (
            <Notice tone="error" title="Order not found">
              <Text size="sm">This order does not exist or belongs to another account.</Text>
            </Notice>
          ) : (
            <LoadError message={checkout.error.message} onRetry={() => void checkout.refetch()} />
          )
        ) : checkout.data ? (
          <CheckoutForm data={checkout.data} />
        ) : (
          <FormSkeleton rows={6} />
        )}
      </Stack>
    </Container>
  );
}

function CheckoutForm({ data }: { data: TCheckoutResponse }) {
  const navigate = useNavigate();
  const { order } = data;
  const form = useForm<CheckoutValues, unknown, z.output<typeof PlaceOrderBody>>({
    resolver: zodResolver(PlaceOrderBody) as never,
    defaultValues: {
      order_key: order.order_key,
      payment_method: order.payment_method === 1 || order.payment_method === 2 ? String(order.payment_method) : '',
      tnc: false,
    },
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const method = form.watch('payment_method');
  const { submit, submitting } = useSubmit(
    form,
    async (values) => {
      const answer = await placeOrder(values);
      if (answer.type === 'external') goToGateway(answer.redirect);
      else navigate(answer.redirect);
    },
    { serverFields: ['payment_method', 'tnc'] },
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Checkout">
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Group gap="md" wrap="nowrap">
              {order.product.image && <Image src={order.product.image} alt="" w={64} h={64} radius="md" fit="cover" />}
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>{order.product.name}</Text>
                <Text size="sm" c="gray.7">
                  Order #{order.order_id} · {order.product.category}
                </Text>
              </Stack>
            </Group>
            <PriceRows pricing={order} taxNote={salesTaxNote(order.tax_exempt, order.has_tax)} />
            <Group justify="space-between">
              <Text fw={700}>Total</Text>
              <Text fw={700} size="lg" data-testid="checkout-total">
                {order.total_amount_html}
              </Text>
            </Group>
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Controller
              control={form.control}
              name="payment_method"
              render={({ field, fieldState }) => (
                <Radio.Group
                  label="Payment method"
                  required
                  value={field.value || null}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  name={field.name}
                >
                  <Stack gap={10} mt={8}>
                    {Object.entries(CHECKOUT_METHODS).map(([value, label], i) => (
                      <Radio
                        key={value}
                        value={value}
                        label={label}
                        description={
                          value === '1'
                            ? 'We e-mail an invoice now; payment is due 30 days after it is issued.'
                            : 'You pay on our payment provider’s secure page.'
                        }
                        onBlur={field.onBlur}
                        ref={i === 0 ? field.ref : undefined}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
            />
            <Box>
              <Checkbox
                {...form.register('tnc')}
                error={form.formState.errors.tnc?.message}
                label={
                  <>
                    I accept the{' '}
                    <Anchor component={Link} to="/terms-of-service" target="_blank" size="sm">
                      terms of service
                    </Anchor>
                  </>
                }
              />
            </Box>
            <Group>
              <SubmitButton submitting={submitting}>
                {method === '2' ? `Pay ${order.total_amount_html}` : 'Place order'}
              </SubmitButton>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </form>
  );
}
