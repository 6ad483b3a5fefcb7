import '../../../styles/mantine-forms.css';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { formatDecimalDollars } from '@portal/contracts/money';
import { orderItems } from '@portal/contracts/order-items';
import { FORM_FILE_TYPES, type FormFileType, type TOrderFileEntry } from '@portal/contracts/orders';
import { routePath } from '@portal/contracts/routes';
import { CANCEL_OPTIONS, PAYMENT_STATUS_LABELS, type TOrderDetailsResponse } from '@portal/contracts/school-orders';
import { IconAlertTriangle, IconCircleCheck, IconFileTypePdf, IconPrinter, IconRepeat } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { preloadScreen } from '../../../app/screens.tsx';
import { AccountLayout } from '../../../components/account-layout.tsx';
import { FileDownloadLink } from '../../../components/file-download-link.tsx';
import { FreeTermsModal } from '../../../components/free-terms-modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import { FormSkeleton, LoadError } from '../../../components/page-states.tsx';
import { SCHOOL_SIDEBAR } from '../../../components/school-links.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import {
  orderDetailsKey,
  reorder,
  requestCancel,
  useAcceptOrderTerms,
  useCancelOrder,
  useOrderDetails,
} from '../api/school-order-calls.ts';
import { CancelRequestModal } from '../components/cancel-request-modal.tsx';
import { OrderStatusBadge, orderDate } from '../components/order-status-badge.tsx';
import { OrderSummaryModal } from '../components/order-summary-modal.tsx';
import classes from './school-order.module.css';

const FILE_HEADINGS: Record<FormFileType, string> = {
  custom_pages: 'Custom pages',
  cover_optn: 'Cover artwork',
  fss_car_mag: 'Car magnet artwork',
  fhomework_folders: 'Homework folder artwork',
  po_document: 'Purchase order',
};

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
  const [params, setParams] = useSearchParams();
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
  const acceptTerms = useAcceptOrderTerms(order.order_key);
  const items = orderItems(order.custom_fields);

  return (
    <Stack gap="lg" className={classes.details}>
      {termsPending && (
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
      )}
      {order.cancel_requested === 1 && order.order_status !== 'Cancelled' && (
        <Notice tone="success" title="Cancellation requested">
          <Text size="sm">We have your request to cancel this order; our team will reply to you by e-mail.</Text>
        </Notice>
      )}

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        {/* Two facts to a row on a phone, so that the order's buttons are not a screen away; four on wide screens. */}
        <SimpleGrid
          cols={{ base: 2, md: 4 }}
          spacing="sm"
          verticalSpacing="sm"
          component="dl"
          className={classes.facts}
        >
          <Fact label="Order ID" value={`#${order.order_id}`} />
          <Fact label="Date" value={orderDate(order.order_date)} />
          <Fact
            label="Status"
            value={
              <Group gap={6}>
                <OrderStatusBadge status={order.order_status} label={order.order_status_html} />
                {order.free_tnc_req === 1 && <TermsTooltip accepted={order.free_tnc_accepted === 1} />}
              </Group>
            }
          />
          <Fact label="Total" value={order.total_amount_html} />
          <Fact label="School year" value={order.school_year || '—'} />
          <Fact label="Delivery" value={order.delivery_optn || '—'} />
          <Fact label="Payment method" value={order.payment_method || '—'} />
          <Fact label="Payment status" value={PAYMENT_STATUS_LABELS[order.payment_status]} />
        </SimpleGrid>
      </Paper>

      <OrderActions data={data} />

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} size="h4" mb="sm">
          Items
        </Title>
        {items.length === 0 ? (
          <Text c="gray.7">Nothing has been filled in on this order’s form yet.</Text>
        ) : (
          <Table variant="vertical" layout="fixed" withTableBorder data-testid="order-items">
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.label}>
                  <Table.Th w={{ base: 130, sm: 240 }}>{item.label}</Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} size="h4" mb="sm">
          Prices
        </Title>
        <div className={classes.pricesFrame}>
          <Table data-testid="order-prices" className={classes.prices}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Item</Table.Th>
                <Table.Th scope="col" ta="right">
                  Quantity
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Amount
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody className={classes.numbers}>
              {order.custom_price.map((row) => (
                <Table.Tr key={row.name} fw={row.name === 'Subtotal' ? 700 : undefined}>
                  <Table.Td>
                    {row.name}
                    {/* The price of one under its name, as the form's summary has it: three columns fit the narrowest phone. */}
                    {row.name !== 'Subtotal' && /^\d/.test(row.unit_price) && row.amount !== '0.00' && (
                      <Text span size="xs" c="gray.7" display="block">
                        {formatDecimalDollars(row.unit_price)} each
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{row.name === 'Subtotal' ? '' : row.qty.toLocaleString('en-US')}</Table.Td>
                  <Table.Td ta="right">{formatDecimalDollars(row.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row" colSpan={2}>
                  Total
                </Table.Th>
                <Table.Td ta="right" fw={700}>
                  {order.total_amount_html}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </div>
        {!order.custom_price.some((r) => r.name.toLowerCase().includes('tax')) && (
          <Text size="sm" c="gray.7" mt="xs">
            Tax, where it applies, is added by our team before the invoice.
          </Text>
        )}
      </Paper>

      <OrderFiles files={data.files} />

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
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

function TermsTooltip({ accepted }: { accepted: boolean }) {
  const label = accepted ? 'Free Products T&C Accepted' : 'Free Products T&C Acceptance Pending';
  const Icon = accepted ? IconCircleCheck : IconAlertTriangle;
  return (
    <Tooltip label={label} withArrow events={{ hover: true, focus: true, touch: true }}>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={label} className={classes.tooltipIcon}>
        <Icon
          size={18}
          color={accepted ? 'var(--mantine-color-teal-8)' : 'var(--mantine-color-orange-8)'}
          aria-hidden
        />
      </ActionIcon>
    </Tooltip>
  );
}

function OrderActions({ data }: { data: TOrderDetailsResponse }) {
  const { order } = data;
  const [confirming, setConfirming] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const [summaryOpen, setSummaryOpen] = useState(false);
  const cancel = useCancelOrder(order.order_key);
  const client = useQueryClient();
  const cutoffYear = Number(order.school_year.slice(0, 4));

  return (
    <Group gap="sm" className={classes.noPrint}>
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
        invoiceAllowed={order.order_status !== 'Pending'}
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
        defaults={{ schoolname: data.userinfo.school_name, email: data.userinfo.user_email }}
        onSubmit={async (values) => {
          const answer = await requestCancel(order.order_key, values);
          toastSuccess(answer.message);
          setRequesting(false);
          await client.invalidateQueries({ queryKey: orderDetailsKey(order.order_key) });
        }}
      />
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel this order?"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text>
            Order #{order.order_id} will be cancelled. Orders cannot be cancelled after the 1st of May
            {Number.isFinite(cutoffYear) && cutoffYear > 0 ? ` ${cutoffYear}` : ''}, before the school year starts.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep the order
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: (answer) => {
                    toastSuccess(answer.message);
                    setConfirming(false);
                  },
                  // The API client has shown why; the order is read afresh either way.
                  onError: () => setConfirming(false),
                })
              }
            >
              Cancel the order
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
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

function OrderFiles({ files }: { files: TOrderDetailsResponse['files'] }) {
  const kinds = FORM_FILE_TYPES.filter((type) => files[type].length > 0);
  if (kinds.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} size="h4" mb="sm">
        Uploaded files
      </Title>
      <Stack gap="md">
        {kinds.map((type) => (
          <div key={type}>
            <Text fw={600} size="sm" mb={4}>
              {FILE_HEADINGS[type]}
            </Text>
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {files[type].map((file: TOrderFileEntry) => (
                <li key={file.file_path_raw}>
                  <FileDownloadLink file={file} />
                </li>
              ))}
            </Stack>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
