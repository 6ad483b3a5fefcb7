import { Button, Group, NumberInput, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { TAdminOrderResponse } from '@portal/contracts/admin-orders';
import { MSG } from '@portal/contracts/messages';
import { formatMoney, formatTaxRate } from '@portal/contracts/money';
import { TAX_RATE_MAX_BP, taxAtRate } from '@portal/contracts/order-rules';
import type { OrderStatus } from '@portal/contracts/orders';
import { useState } from 'react';
import { toastSuccess } from '../../../../lib/toast.tsx';
import { ConfirmButton } from '../../lib/confirm-button.tsx';
import { useMoveOrder, useSetDeliveryDate, useSetOrderTax } from '../api.ts';

/** What staff may do with the order now: move it on, set its delivery date, add its tax. */
export function StaffOrderActions({ data }: { data: TAdminOrderResponse }) {
  if (data.transitions.length === 0 && !data.may_change) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} size="h4" mb="sm">
        Actions
      </Title>
      <Stack gap="lg">
        {data.transitions.length > 0 && <StatusMoves data={data} />}
        {data.may_change && (
          <Group align="flex-end" gap="xl" wrap="wrap">
            <DeliveryDate data={data} />
            {data.order.payment_status !== 'refunded' && <Tax data={data} />}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function StatusMoves({ data }: { data: TAdminOrderResponse }) {
  const move = useMoveOrder(data.order.order_id);
  const moveTo = async (status: OrderStatus) => {
    const answer = await move.mutateAsync({ status });
    toastSuccess(answer.message);
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        Move to
      </Text>
      <Group gap="xs">
        {data.transitions.map((status) => (
          <ConfirmButton
            key={status}
            label={status}
            variant={status === 'Cancelled' ? 'outline' : 'light'}
            color={status === 'Cancelled' ? 'red' : 'blue'}
            title={status === 'Cancelled' ? 'Cancel this order?' : `Move the order to ${status}?`}
            question={
              status === 'Cancelled'
                ? `Order #${data.order.order_id} will be cancelled, its open checkouts closed, and the school told by e-mail.`
                : `Order #${data.order.order_id} moves from ${data.order.order_status} to ${status}. The school is told by e-mail.`
            }
            confirmLabel={status === 'Cancelled' ? 'Cancel the order' : `Move to ${status}`}
            onConfirm={() => moveTo(status)}
          />
        ))}
      </Group>
    </Stack>
  );
}

function DeliveryDate({ data }: { data: TAdminOrderResponse }) {
  const [date, setDate] = useState<string | null>(data.delivery_date);
  const save = useSetDeliveryDate(data.order.order_id);
  return (
    <Group align="flex-end" gap="xs">
      <DatePickerInput label="Delivery date" value={date} onChange={setDate} valueFormat="MMM D, YYYY" w={180} />
      <Button
        variant="default"
        disabled={!date || date === data.delivery_date}
        loading={save.isPending}
        onClick={() => {
          if (date) save.mutate({ delivery_date: date }, { onSuccess: (answer) => toastSuccess(answer.message) });
        }}
      >
        Set date
      </Button>
    </Group>
  );
}

/** The number a box holds: a number, or its text while it holds trailing zeros ("12.50"); NaN when empty. */
const typedNumber = (value: number | string) =>
  typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value.replace(/,/g, ''));

/**
 * The order's sales tax: a rate, which follows the subtotal when the school changes the
 * order, or an amount, which holds only while the subtotal stays as it is (taxFor).
 */
function Tax({ data }: { data: TAdminOrderResponse }) {
  const [mode, setMode] = useState<'rate' | 'amount'>(data.has_tax && data.tax_rate_bp === null ? 'amount' : 'rate');
  const [percent, setPercent] = useState<number | string>(data.tax_rate_bp === null ? '' : data.tax_rate_bp / 100);
  const [dollars, setDollars] = useState<number | string>(
    data.has_tax && data.tax_rate_bp === null ? data.tax_cents / 100 : '',
  );
  const save = useSetOrderTax(data.order.order_id);
  const rateBp = Math.round(typedNumber(percent) * 100);
  const cents = Math.round(typedNumber(dollars) * 100);
  const rateValid = Number.isInteger(rateBp) && rateBp >= 0 && rateBp <= TAX_RATE_MAX_BP;
  const amountValid = Number.isInteger(cents) && cents >= 0 && cents <= 10_000_000;
  const valid = mode === 'rate' ? rateValid : amountValid;
  const taxCents = mode === 'rate' ? (rateValid ? taxAtRate(data.subtotal_cents, rateBp) : 0) : amountValid ? cents : 0;
  const unchanged =
    data.has_tax &&
    (mode === 'rate' ? data.tax_rate_bp === rateBp : data.tax_rate_bp === null && data.tax_cents === cents);
  const follows =
    mode === 'rate'
      ? 'It is worked out again whenever the school changes the order.'
      : 'If the school changes the order, the tax goes back to be added again.';
  return (
    <Stack gap={6}>
      <SegmentedControl
        size="xs"
        aria-label="Sales tax as"
        value={mode}
        onChange={(v) => setMode(v === 'amount' ? 'amount' : 'rate')}
        data={[
          { value: 'rate', label: 'Rate' },
          { value: 'amount', label: 'Amount' },
        ]}
        w={180}
      />
      <Group align="flex-end" gap="xs">
        {mode === 'rate' ? (
          <NumberInput
            label="Sales tax rate (%)"
            value={percent}
            onChange={setPercent}
            min={0}
            max={TAX_RATE_MAX_BP / 100}
            decimalScale={2}
            error={percent !== '' && !rateValid ? MSG.orderTaxRateInvalid : undefined}
            description={rateValid ? `${formatMoney(taxCents)} on ${formatMoney(data.subtotal_cents)}` : undefined}
            w={180}
          />
        ) : (
          <NumberInput
            label="Sales tax ($)"
            value={dollars}
            onChange={setDollars}
            min={0}
            max={100_000}
            decimalScale={2}
            fixedDecimalScale
            thousandSeparator=","
            error={dollars !== '' && !amountValid ? MSG.orderTaxInvalid : undefined}
            w={180}
          />
        )}
        <ConfirmButton
          label={data.has_tax ? 'Change tax' : 'Add tax'}
          variant="default"
          disabled={!valid || unchanged}
          title={data.has_tax ? 'Change the tax of this order?' : 'Add the tax to this order?'}
          question={`The tax becomes ${formatMoney(taxCents)}${mode === 'rate' && rateValid ? ` (${formatTaxRate(rateBp)})` : ''} and the order's total ${formatMoney(data.subtotal_cents + taxCents)}; the school is e-mailed the new total. ${follows}`}
          confirmLabel={data.has_tax ? 'Change tax' : 'Add tax'}
          onConfirm={async () => {
            const answer = await save.mutateAsync(mode === 'rate' ? { tax_rate_bp: rateBp } : { tax_cents: cents });
            toastSuccess(answer.message);
          }}
        />
      </Group>
    </Stack>
  );
}
