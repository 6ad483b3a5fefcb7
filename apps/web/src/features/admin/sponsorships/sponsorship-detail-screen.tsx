import '../../../styles/mantine-forms.css';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  SendPayLinkBody,
  type TAdminSponsorshipDetailResponse,
  type TSendPayLinkBody,
} from '@portal/contracts/admin-sponsorships';
import { centsToDecimal, formatMoney } from '@portal/contracts/money';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { Fact } from '../../../components/fact.tsx';
import { LoadingBar } from '../../../components/loading-bar.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { StatusBadge } from '../../../components/record-list/status-badge.tsx';
import { SponsorshipStatusBadge } from '../../../components/sponsorship-status-badge.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { OFFLINE_TEXT, OfflinePaymentForm } from '../lib/offline-payment-form.tsx';
import { RefundButton, RefundDialog } from '../lib/refund-form.tsx';
import { SentPayLink } from '../lib/sent-pay-link.tsx';
import { backOfficePath } from '../sections.ts';
import {
  useAdminSponsorship,
  useApproveSponsorship,
  useRecordOfflinePayment,
  useRefundSponsorshipPayment,
  useSaveSponsorshipItems,
  useSendPayLink,
} from './api.ts';
import { SponsorshipForm } from './sponsorship-form.tsx';
import { day, schoolYear, TEXT, when } from './texts.ts';

type Detail = TAdminSponsorshipDetailResponse;

/** A titled part of the page, a region named by its heading. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p="md">
      <Title id={id} order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** A table that scrolls sideways on a narrow screen rather than overflowing it. */
function Rows({
  label,
  head,
  rows,
  empty,
  minWidth = 560,
}: {
  /** What the table holds, for the scrolling box a keyboard can reach. */
  label: string;
  head: string[];
  rows: ReactNode[][];
  empty?: string;
  minWidth?: number;
}) {
  if (rows.length === 0 && empty) return <Text c="dimmed">{empty}</Text>;
  return (
    // Cells wrap between words, never inside a number or a name; a table too wide scrolls in its box.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable by keyboard
    <section aria-label={`${label} table`} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table striped withTableBorder fz="sm" miw={minWidth}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h} style={{ whiteSpace: 'nowrap' }}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cells, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are shown in a fixed order and never reordered
            <Table.Tr key={i}>
              {cells.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed
                <Table.Td key={j} style={{ overflowWrap: 'normal' }}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

function PayLinkForm({ detail, onDone }: { detail: Detail; onDone: (sent: { url: string; to: string }) => void }) {
  const s = detail.sponsorship;
  const send = useSendPayLink(s.sponsorship_id);
  const form = useForm<TSendPayLinkBody, unknown, z.output<typeof SendPayLinkBody>>({
    ...FORM_MODE,
    resolver: zodResolver(SendPayLinkBody),
    defaultValues: { amount: '', to: '' },
  });
  const { submit, submitting } = useSubmit(
    form,
    async (values) => {
      const saved = await send.mutateAsync(values);
      toastSuccess(saved.message);
      onDone({ url: saved.url, to: saved.to });
    },
    { serverFields: ['amount', 'to'] },
  );
  return (
    <form onSubmit={submit} noValidate aria-label={TEXT.sendTitle}>
      <Stack gap="sm">
        <Text size="sm">{TEXT.sendNote}</Text>
        <TextInput
          label={TEXT.linkAmount}
          inputMode="decimal"
          description={TEXT.linkAmountHint(formatMoney(s.left_cents))}
          {...fieldProps(form, 'amount')}
        />
        <TextInput
          label={TEXT.linkTo}
          type="email"
          description={TEXT.linkToHint(s.sponsor_email)}
          {...fieldProps(form, 'to')}
        />
        <Group justify="flex-end">
          <SubmitButton form={form} submitting={submitting}>
            {TEXT.send}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

type Dialog = 'approve' | 'offline' | 'link' | undefined;
type Transaction = TAdminSponsorshipDetailResponse['transactions'][number];

/** One sponsorship: its facts, items, payments, pay links and history, and what staff may do with it. */
export default function SponsorshipDetailScreen() {
  const id = Number(useParams().id) || 0;
  usePageMeta({ title: `Sponsorship #${id}` });
  const query = useAdminSponsorship(id);
  const [dialog, setDialog] = useState<Dialog>();
  const recordOffline = useRecordOfflinePayment(id);
  const refund = useRefundSponsorshipPayment(id);
  const [refunding, setRefunding] = useState<Transaction>();
  /** The sponsorship's version when its items were opened for editing: a save of an older one is refused. */
  const [editing, setEditing] = useState<string | false>(false);
  const [sentLink, setSentLink] = useState<{ url: string; to: string }>();
  const approve = useApproveSponsorship(id);
  const saveItems = useSaveSponsorshipItems(id);

  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return missing ? (
      <Alert color="yellow" title={`Sponsorship #${id}`}>
        {TEXT.notFound}{' '}
        <Anchor component={Link} to={backOfficePath('sponsorships')}>
          {TEXT.back}
        </Anchor>
      </Alert>
    ) : (
      <LoadError message={query.error.message} onRetry={() => void query.refetch()} />
    );
  }
  if (!query.data) return <LoadingBar active />;
  const detail = query.data;
  const s = detail.sponsorship;
  const payable = s.left_cents > 0 && s.status !== 'Completed';
  const close = () => setDialog(undefined);

  return (
    <Stack gap="md" maw={1100}>
      <Anchor component={Link} to={backOfficePath('sponsorships')} size="sm">
        ← {TEXT.back}
      </Anchor>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={1} size="h2">
            Sponsorship #{s.sponsorship_id}
          </Title>
          <SponsorshipStatusBadge status={s.status} label={s.status} />
        </Group>
        <Group gap="xs" wrap="wrap">
          {s.can_approve && <Button onClick={() => setDialog('approve')}>{TEXT.approve}</Button>}
          {payable && (
            <Button variant="default" onClick={() => setDialog('offline')}>
              {TEXT.recordPayment}
            </Button>
          )}
          {payable && (
            <Button variant="default" onClick={() => setDialog('link')}>
              {TEXT.sendLink}
            </Button>
          )}
        </Group>
      </Group>

      <Section title={TEXT.facts}>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} component="dl" m={0}>
          <Fact
            label="Sponsor"
            value={
              <>
                {s.sponsor}
                <Text size="xs" c="dimmed" fw={400} style={{ overflowWrap: 'anywhere' }}>
                  {s.sponsor_email}
                </Text>
              </>
            }
          />
          <Fact label="Sales rep" value={s.rep || '—'} />
          <Fact label="School year" value={schoolYear(s.year)} />
          <Fact label="Quantity" value={s.total_qty} />
          <Fact label="Total" value={formatMoney(s.total_cents)} />
          <Fact label="Paid" value={formatMoney(s.paid_cents)} />
          <Fact label="Left to pay" value={formatMoney(s.left_cents)} />
          <Fact label="Last update" value={when.format(new Date(s.updated_at))} />
        </SimpleGrid>
      </Section>

      <Section title={TEXT.itemsTitle}>
        {editing ? (
          <SponsorshipForm
            lockSponsor
            defaults={{
              sponsor_id: s.sponsor_user_id,
              year: String(s.year),
              items: detail.items.map((i) => ({
                sponsorship_type: i.sponsorship_type,
                county: i.county,
                book_name: i.book_name,
                school_name: i.school_name,
                adv_size: i.adv_size,
                qty: String(i.qty),
                rate: centsToDecimal(i.rate_cents),
                artwork: i.artwork,
                comments: i.comments,
                artwork_price: i.artwork_price_cents ? centsToDecimal(i.artwork_price_cents) : '',
              })),
            }}
            submitLabel={TEXT.saveItems}
            onCancel={() => setEditing(false)}
            onSubmit={async (values) => {
              const saved = await saveItems.mutateAsync({ items: values.items, version: editing || undefined });
              toastSuccess(saved.message);
              setEditing(false);
            }}
          />
        ) : (
          <Stack gap="sm">
            <Rows
              label={TEXT.itemsTitle}
              minWidth={1100}
              head={['Type', 'County', 'Book', 'School', 'Ad size', 'Qty', 'Rate', 'Artwork', 'Artwork price', 'Total']}
              rows={detail.items.map((i) => [
                <>
                  {i.sponsorship_type}
                  {i.comments && (
                    <Text size="xs" c="dimmed">
                      {i.comments}
                    </Text>
                  )}
                </>,
                i.county,
                i.book_name,
                i.school_name,
                i.adv_size,
                i.qty,
                formatMoney(i.rate_cents),
                i.artwork,
                formatMoney(i.artwork_price_cents),
                formatMoney(i.total_cents),
              ])}
            />
            <Group justify="space-between" wrap="wrap">
              {s.can_edit ? (
                <Button variant="default" onClick={() => setEditing(s.updated_at)}>
                  {TEXT.editItems}
                </Button>
              ) : (
                <Text size="sm" c="dimmed">
                  {TEXT.editLocked}
                </Text>
              )}
            </Group>
          </Stack>
        )}
      </Section>

      <Section title={TEXT.transactions}>
        <Rows
          label={TEXT.transactions}
          head={['Date', 'Reference', 'Amount', 'Result', '']}
          empty={TEXT.noTransactions}
          rows={detail.transactions.map((x) => [
            day.format(new Date(x.payment_date)),
            x.transaction_id,
            formatMoney(x.amount_cents),
            x.payment_status === 1 ? (
              <StatusBadge key="result" color="teal">
                Paid
              </StatusBadge>
            ) : (
              <StatusBadge key="result" color="red">
                Failed
              </StatusBadge>
            ),
            x.refundable_cents > 0 ? (
              <RefundButton key="refund" amountCents={x.amount_cents} onClick={() => setRefunding(x)} />
            ) : (
              ''
            ),
          ])}
        />
        {detail.in_flight.length > 0 && (
          <Stack gap={4} mt="md">
            <Text fw={600}>{TEXT.inFlight}</Text>
            {detail.in_flight.map((p) => (
              <Text key={p.payment_id} size="sm">
                {formatMoney(p.amount_cents)} by card, started {when.format(new Date(p.started_at))}
              </Text>
            ))}
          </Stack>
        )}
      </Section>

      <Section title={TEXT.payLinks}>
        {sentLink && <SentPayLink url={sentLink.url} to={sentLink.to} />}
        <Rows
          label={TEXT.payLinks}
          head={['Sent', 'Amount', 'Expires', 'By']}
          empty={TEXT.noPayLinks}
          rows={detail.pay_links.map((l) => [
            when.format(new Date(l.created_at)),
            l.amount_cents === null ? 'What is left' : formatMoney(l.amount_cents),
            day.format(new Date(l.expires_at)),
            l.created_by || '—',
          ])}
        />
      </Section>

      <Section title={TEXT.history}>
        <Rows
          label={TEXT.history}
          minWidth={720}
          head={['When', 'Who', 'What', 'Fields']}
          empty={TEXT.noHistory}
          rows={detail.history.map((h) => [
            when.format(new Date(h.at)),
            h.actor,
            h.action,
            [...new Set([...Object.keys(h.before ?? {}), ...Object.keys(h.after ?? {})])].join(', '),
          ])}
        />
      </Section>

      <Modal
        opened={dialog === 'approve'}
        onClose={close}
        title={TEXT.approve}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          <Text>{TEXT.approveConfirm(s.sponsorship_id)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {TEXT.cancel}
            </Button>
            <Button
              loading={approve.isPending}
              onClick={async () => {
                const saved = await approve.mutateAsync(undefined);
                toastSuccess(saved.message);
                close();
              }}
            >
              {TEXT.approve}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <RefundDialog
        payment={
          refunding?.payment_id != null
            ? {
                paymentId: refunding.payment_id,
                byCard: !refunding.by_hand,
                refundableCents: refunding.refundable_cents,
              }
            : undefined
        }
        onClose={() => setRefunding(undefined)}
        payer="sponsor"
        creditCents={0}
        refund={(body) => refund.mutateAsync(body)}
      />
      <Modal
        opened={dialog === 'offline'}
        onClose={close}
        title={OFFLINE_TEXT.recordTitle}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {dialog === 'offline' && (
          <OfflinePaymentForm
            leftCents={detail.sponsorship.left_cents}
            inFlightCents={detail.sponsorship.in_flight_cents}
            record={(body) => recordOffline.mutateAsync(body)}
            onDone={close}
          />
        )}
      </Modal>
      <Modal
        opened={dialog === 'link'}
        onClose={close}
        title={TEXT.sendTitle}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {dialog === 'link' && (
          <PayLinkForm
            detail={detail}
            onDone={(link) => {
              setSentLink(link);
              close();
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
