import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { routePath } from '@portal/contracts/routes';
import { CANCEL_OPTIONS, type TOrderDetailsResponse } from '@portal/contracts/school-orders';
import { IconFileTypePdf, IconPrinter, IconRepeat } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { preloadScreen } from '../../../lib/screen-preload.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import {
  orderDetailsKey,
  reorder,
  requestCancel,
  useCancelOrder,
  useOrderInvoices,
} from '../api/school-order-calls.ts';
import { CancelRequestModal } from './cancel-request-modal.tsx';
import { OrderSummaryModal } from './order-summary-modal.tsx';
import classes from './school-order.module.css';

/** The day before a YYYY-MM-DD day, as the school reads it: "April 30, 2027". */
const dayBefore = (iso: string) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) - 86_400_000).toLocaleDateString('en-US', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** What the school may do with the order, as the server's flags allow (D12). */
export function OrderActions({ data }: { data: TOrderDetailsResponse }) {
  const { order } = data;
  const [confirming, setConfirming] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const [summaryOpen, setSummaryOpen] = useState(false);
  const invoices = useOrderInvoices(order.order_key);
  const client = useQueryClient();

  return (
    <Group gap="sm" className={classes.noPrint}>
      {order.payment_link && data.balance_due_html && (
        <Text fw={600} data-testid="balance-due">
          Balance due: {data.balance_due_html}
        </Text>
      )}
      {data.credit_html && (
        <Text fw={600} c="teal.9" data-testid="order-credit">
          Your credit: {data.credit_html} paid beyond the order’s total. Our team will refund it or apply it as you ask.
        </Text>
      )}
      {order.payment_link && (
        <Button component={Link} to={order.payment_link} color="teal">
          Pay Now
        </Button>
      )}
      {data.edit_order === 1 && (
        <Button component={Link} to={routePath('orderNow', { key: order.order_key })}>
          Edit
        </Button>
      )}
      {data.finalize_order === 1 && (
        <Button component={Link} to={routePath('orderNow', { key: order.order_key })} color="teal.9">
          Finalize Order
        </Button>
      )}
      {data.reorder_year && <OrderAgainButton orderKey={order.order_key} year={data.reorder_year} />}
      <Button component={Link} to={routePath('products')} variant="default">
        Create New Order
      </Button>
      {order.invoice_link && (
        <Button
          variant="default"
          leftSection={<IconFileTypePdf size={18} aria-hidden />}
          onClick={() => setSummaryOpen(true)}
        >
          Download Order Summary
        </Button>
      )}
      <OrderSummaryModal
        opened={summaryOpen}
        onClose={() => setSummaryOpen(false)}
        orderKey={order.order_key}
        invoiceIssued={invoices.data?.invoices.some((i) => i.kind === 'invoice') ?? false}
      />
      <Button variant="default" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
        Print
      </Button>
      {data.cancel_order === CANCEL_OPTIONS.direct && (
        <Button variant="outline" color="red" onClick={() => setConfirming(true)}>
          Cancel
        </Button>
      )}
      {data.cancel_order === CANCEL_OPTIONS.contact && order.cancel_requested === 0 && (
        <Button variant="outline" color="red" onClick={() => setRequesting(true)}>
          Contact to cancel
        </Button>
      )}
      <CancelRequestModal
        opened={requesting}
        onClose={() => setRequesting(false)}
        orderId={order.order_id}
        reason={data.lock_reason}
        defaults={{ schoolname: data.userinfo.school_name, email: data.userinfo.user_email }}
        onSubmit={async (values) => {
          const answer = await requestCancel(order.order_key, values);
          toastSuccess(answer.message);
          setRequesting(false);
          await client.invalidateQueries({ queryKey: orderDetailsKey(order.order_key) });
        }}
      />
      <CancelConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        orderKey={order.order_key}
        orderId={order.order_id}
        cutoffDate={data.cutoff_date}
      />
    </Group>
  );
}

interface CancelConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  orderKey: string;
  orderId: number;
  /** The day from which the order can no longer be cancelled here, or '' when it has none. */
  cutoffDate: string;
}

/** Cancel (spec §2): a confirmation that says until when the school may still do it itself. */
function CancelConfirmModal({ opened, onClose, orderKey, orderId, cutoffDate }: CancelConfirmModalProps) {
  const cancel = useCancelOrder(orderKey);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Cancel this order?"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text>
          Order #{orderId} will be cancelled.
          {cutoffDate && ` You can cancel it here until ${dayBefore(cutoffDate)}.`}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Keep the order
          </Button>
          <Button
            color="red"
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: (answer) => {
                  toastSuccess(answer.message);
                  onClose();
                },
                // The API client has shown why; the order is read afresh either way.
                onError: onClose,
              })
            }
          >
            Cancel the order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Order again for next year: the new order opens in the reservation form. */
function OrderAgainButton({ orderKey, year }: { orderKey: string; year: string }) {
  const navigate = useNavigate();
  const [working, setWorking] = useState(false);
  return (
    <Button
      variant="light"
      leftSection={<IconRepeat size={18} aria-hidden />}
      loading={working}
      onClick={async () => {
        if (working) return;
        setWorking(true);
        preloadScreen('orderNow');
        try {
          const answer = await reorder(orderKey);
          // No toast: the form opens with a notice saying what was copied, and a toast's
          // animation would interrupt, again and again, the navigation's rendering.
          navigate(answer.redirect);
        } catch {
          // The API client has said why.
          setWorking(false);
        }
      }}
    >
      Order again for {year}
    </Button>
  );
}
