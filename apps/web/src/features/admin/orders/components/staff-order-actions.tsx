import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { TAdminOrderResponse } from '@portal/contracts/admin-orders';
import { MSG } from '@portal/contracts/messages';
import type { OrderStatus } from '@portal/contracts/orders';
import { useState } from 'react';
import { toastSuccess } from '../../../../lib/toast.tsx';
import { useMoveOrder, useSetDeliveryDate, useSetOrderTax } from '../api.ts';
import { ConfirmButton } from './confirm-button.tsx';

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

function Tax({ data }: { data: TAdminOrderResponse }) {
  const [dollars, setDollars] = useState<number | string>(data.has_tax ? data.tax_cents / 100 : '');
  const save = useSetOrderTax(data.order.order_id);
  // The box answers a number, or its text while it holds trailing zeros ("12.50").
  const typed =
    typeof dollars === 'number' ? dollars : dollars.trim() === '' ? Number.NaN : Number(dollars.replace(/,/g, ''));
  const cents = Math.round(typed * 100);
  const valid = Number.isInteger(cents) && cents >= 0 && cents <= 10_000_000;
  return (
    <Group align="flex-end" gap="xs">
      <NumberInput
        label="Sales tax ($)"
        value={dollars}
        onChange={setDollars}
        min={0}
        max={100_000}
        decimalScale={2}
        fixedDecimalScale
        thousandSeparator=","
        error={dollars !== '' && !valid ? MSG.orderTaxInvalid : undefined}
        w={160}
      />
      <ConfirmButton
        label={data.has_tax ? 'Change tax' : 'Add tax'}
        variant="default"
        disabled={!valid || (data.has_tax && cents === data.tax_cents)}
        title="Add the tax to this order?"
        question={`The order's total becomes ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format((data.subtotal_cents + (valid ? cents : 0)) / 100)}, and the school is e-mailed the new total. Its later changes to the order keep this tax.`}
        confirmLabel="Add tax"
        onConfirm={async () => {
          const answer = await save.mutateAsync({ tax_cents: cents });
          toastSuccess(answer.message);
        }}
      />
    </Group>
  );
}
