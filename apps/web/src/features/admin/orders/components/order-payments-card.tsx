import { Button, Group, Modal, Paper, Table, Text, Title } from '@mantine/core';
import type { TAdminOrderResponse } from '@portal/contracts/admin-orders';
import { paymentMethodLabel } from '@portal/contracts/documents';
import { formatMoney } from '@portal/contracts/money';
import { Fragment, useState } from 'react';
import { ReceiptLink } from '../../../../components/order-view/receipt-link.tsx';
import { OFFLINE_TEXT, OfflinePaymentForm } from '../../lib/offline-payment-form.tsx';
import { RefundButton, RefundDialog } from '../../lib/refund-form.tsx';
import { useApplyOrderCredit, useRecordOrderPayment, useRefundOrderPayment } from '../api.ts';
import { ApplyCreditForm, CREDIT_TEXT } from './apply-credit-form.tsx';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const STATUS = { pending: 'In progress', succeeded: 'Received', failed: 'Not paid' } as const;
const REFUND_STATUS = { pending: 'Asked of the card’s bank', succeeded: 'Refunded', failed: 'Refused' } as const;
/** How a payment came: by card through the gateway, by hand (a check, a transfer) as staff recorded it, or of a credit. */
const byHand = (gateway: string) => gateway === 'offline' || gateway === 'credit';
const howPaid = (p: TAdminOrderResponse['payments'][number]) => paymentMethodLabel(p.gateway);

/** How a refund went back: to the card, by hand (its check or transfer), or as credit to another order. */
function refundHow(r: TAdminOrderResponse['refunds'][number]): string {
  if (r.method === 'card') return 'Refund to the card';
  if (r.method === 'credit') return r.reference ?? 'Applied to another order';
  return `Refund by hand${r.reference ? ` (${r.reference})` : ''}`;
}

/** What the order's account says once its payments are counted: owed, even, or the school's credit. */
function accountLine(balanceCents: number): string {
  if (balanceCents > 0) return `Balance due: ${formatMoney(balanceCents)}`;
  if (balanceCents < 0) return `Credit: ${formatMoney(-balanceCents)} paid beyond the total, to refund or apply`;
  return 'Paid in full';
}

/** The order's account (total, received, balance or credit) and its payments: each card checkout, and the checks and transfers staff recorded. */
export function OrderPaymentsCard({
  data,
}: {
  data: Pick<
    TAdminOrderResponse,
    | 'payments'
    | 'refunds'
    | 'credit_targets'
    | 'total_cents'
    | 'received_cents'
    | 'refunded_cents'
    | 'balance_cents'
    | 'order'
  >;
}) {
  const { payments, refunds } = data;
  const [recording, setRecording] = useState(false);
  const [refunding, setRefunding] = useState<TAdminOrderResponse['payments'][number] | undefined>();
  const record = useRecordOrderPayment(data.order.order_id);
  const refund = useRefundOrderPayment(data.order.order_id);
  const [crediting, setCrediting] = useState(false);
  const applyCredit = useApplyOrderCredit(data.order.order_id);
  const credit = Math.max(0, -data.balance_cents);
  const inFlight = payments.filter((p) => p.status === 'pending').reduce((sum, p) => sum + p.amount_cents, 0);
  const owed = data.balance_cents > 0 && data.order.order_status !== 'Cancelled';
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Payments
        </Title>
        <Group gap="xs">
          {credit > 0 && data.credit_targets.length > 0 && (
            <Button variant="default" size="sm" onClick={() => setCrediting(true)}>
              Apply credit
            </Button>
          )}
          {owed && (
            <Button variant="default" size="sm" onClick={() => setRecording(true)}>
              Record a payment
            </Button>
          )}
        </Group>
      </Group>
      <Modal
        opened={recording}
        onClose={() => setRecording(false)}
        title={OFFLINE_TEXT.recordTitle}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {recording && (
          <OfflinePaymentForm
            leftCents={data.balance_cents}
            inFlightCents={inFlight}
            record={(body) => record.mutateAsync(body)}
            onDone={() => setRecording(false)}
          />
        )}
      </Modal>
      <RefundDialog
        payment={
          refunding && {
            paymentId: refunding.id,
            byCard: !byHand(refunding.gateway),
            refundableCents: refunding.refundable_cents,
          }
        }
        onClose={() => setRefunding(undefined)}
        payer="school"
        creditCents={credit}
        refund={(body) => refund.mutateAsync(body)}
      />
      <Modal
        opened={crediting}
        onClose={() => setCrediting(false)}
        title={CREDIT_TEXT.title}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {crediting && (
          <ApplyCreditForm
            creditCents={credit}
            targets={data.credit_targets}
            apply={(body) => applyCredit.mutateAsync(body)}
            onDone={() => setCrediting(false)}
          />
        )}
      </Modal>
      <Text size="sm" data-testid="order-account">
        Total {formatMoney(data.total_cents)} · received {formatMoney(data.received_cents)} ·{' '}
        {data.refunded_cents > 0 && <>refunded {formatMoney(data.refunded_cents)} · </>}
        <Text span fw={600} c={data.balance_cents < 0 ? 'teal.9' : undefined}>
          {accountLine(data.balance_cents)}
        </Text>
      </Text>
      {payments.length === 0 ? (
        <Text c="gray.7" mt="xs">
          No payment has been started for this order.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560} mt="xs">
          <Table withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Started</Table.Th>
                <Table.Th>How</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">Refund</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((p) => (
                <Fragment key={p.id}>
                  <Table.Tr>
                    <Table.Td>{when.format(new Date(p.created_at))}</Table.Td>
                    <Table.Td>{howPaid(p)}</Table.Td>
                    <Table.Td>{STATUS[p.status]}</Table.Td>
                    <Table.Td ta="right">{formatMoney(p.amount_cents)}</Table.Td>
                    <Table.Td ta="right">
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {p.status === 'succeeded' && (
                          <ReceiptLink
                            paymentId={p.id}
                            url={`/api/admin/orders/${data.order.order_id}/receipts/${p.id}`}
                          />
                        )}
                        {p.refundable_cents > 0 && (
                          <RefundButton amountCents={p.amount_cents} onClick={() => setRefunding(p)} />
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                  {refunds
                    .filter((r) => r.payment_id === p.id)
                    .map((r) => (
                      <Table.Tr key={`refund-${r.id}`} data-testid="order-refund">
                        <Table.Td>{when.format(new Date(r.created_at))}</Table.Td>
                        <Table.Td>
                          {refundHow(r)}
                          <Text size="xs" c="gray.7">
                            {r.reason}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {REFUND_STATUS[r.status]}
                          {r.failure && (
                            <Text size="xs" c="red.8">
                              {r.failure}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td ta="right">{formatMoney(-r.amount_cents)}</Table.Td>
                        <Table.Td />
                      </Table.Tr>
                    ))}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
