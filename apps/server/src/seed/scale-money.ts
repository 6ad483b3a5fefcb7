import { OFFLINE_METHOD_LABELS } from '@portal/contracts/admin-sponsorships';
import { MIN_CARD_PAYMENT_CENTS } from '@portal/contracts/constants';
import type { Provider, ReceivedPayment, SchoolContact, StoredInvoice } from '@portal/contracts/documents';
import { invoiceLabel } from '@portal/contracts/invoices';
import {
  accountBalance,
  balanceDue,
  documentRefusal,
  invoiceableCents,
  invoiceDueAt,
  isPayable,
  type OrderTax,
  paymentStatusOf,
  staffMayChange,
  taxFor,
} from '@portal/contracts/order-rules';
import type { OrderStatus } from '@portal/contracts/orders';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import {
  counters,
  type invoices,
  type orders,
  type payment_allocations,
  type payments,
  type refunds,
  type sponsorship_transactions,
} from '../db/schema/index.ts';
import { isoDay } from '../lib/dates.ts';
import { randomToken } from '../lib/tokens.ts';
import { buildInvoice } from '../modules/invoices/invoice-content.ts';
import type { ScaleRandom } from './scale-random.ts';

/**
 * The money of a scaled year (scale.ts), as the app itself would have left it: each order's
 * story (its tax, invoices, credit notes, payments and refunds, in the order they happened)
 * told once, then read back as the rows the app writes for each step, checked at each step
 * by the app's own rules (order-rules), so that a story the app would refuse fails the seed
 * rather than making a year no screen could have made. Sponsorships are paid as the
 * sponsors' card payments pay them, one at a time or several at once (bulk).
 */

type OrderInsert = typeof orders.$inferInsert;
type PaymentInsert = typeof payments.$inferInsert;

/** Florida's 6% and its counties' surtaxes, as staff set them (basis points). */
const TAX_RATES = [600, 650, 700, 750] as const;
/** How schools pay an invoice: mostly by check, as districts do. */
const CHANNELS = { check: 6, card: 3, transfer: 1 } as const;
type Channel = keyof typeof CHANNELS;
/** The card gateway a scaled year's card payments went through (the app's own test gateway). */
const CARD_GATEWAY = 'test';

/** Staff's tax set at a rate; a rate of 0 is the tax taken off for a school found to be exempt. */
const taxAt = (rateBp: number): OrderTax => ({
  has_tax: true,
  tax_cents: 0,
  tax_rate_bp: rateBp,
  tax_basis_cents: null,
});

/** One thing that happened to an order's money, as the app records it. */
export type MoneyEvent =
  | { kind: 'status'; at: Date; to: OrderStatus }
  | { kind: 'tax'; at: Date; tax: OrderTax }
  /** A document numbered from the invoice counter (`number` is given once the batch's numbers are taken). */
  | { kind: 'invoice' | 'difference' | 'credit-note'; at: Date; number: number }
  | { kind: 'payment'; at: Date; cents: number; channel: Channel; reference: string }
  /** Given back of the story's `payment`th payment, the way it came: to the card, or by a check staff sent. */
  | {
      kind: 'refund';
      at: Date;
      cents: number;
      payment: number;
      method: 'card' | 'offline';
      reference: string;
      reason: string;
    };

/** An order's row as it was placed, and what happened to its money since, oldest first. */
export interface OrderStory {
  row: OrderInsert;
  events: MoneyEvent[];
}

/** What the order rules read of an order as its story goes on. */
interface Account extends OrderTax {
  status: OrderStatus;
  payment_method: number | null;
  subtotal_cents: number;
  total_cents: number;
  received_cents: number;
  refunded_cents: number;
  payment_status: 'unpaid' | 'paid' | 'refunded';
  invoice_number: number | null;
  invoiced_cents: number | null;
}

/** The order as it was placed: a Delivered or Cancelled one was first only placed. */
function accountOf(row: OrderInsert): Account {
  const status = row.status ?? 'Pending';
  return {
    status: status === 'Delivered' || status === 'Cancelled' ? 'Order Placed' : status,
    payment_method: row.payment_method ?? null,
    has_tax: row.has_tax ?? false,
    tax_cents: row.tax_cents ?? 0,
    tax_rate_bp: row.tax_rate_bp ?? null,
    tax_basis_cents: row.tax_basis_cents ?? null,
    subtotal_cents: row.subtotal_cents ?? 0,
    total_cents: row.total_cents ?? 0,
    received_cents: 0,
    refunded_cents: 0,
    payment_status: 'unpaid',
    invoice_number: null,
    invoiced_cents: null,
  };
}

const refuse = (why: string, e: MoneyEvent): never => {
  throw new Error(`The scaled year made an order's ${e.kind} the app would refuse: ${why}`);
};

/** The account after `e`, refused as the app refuses it (a seed that breaks a rule fails here). */
function step(a: Account, e: MoneyEvent, paid: readonly number[] = []): Account {
  const settled = (next: Account): Account => ({ ...next, payment_status: paymentStatusOf(next) });
  switch (e.kind) {
    case 'status':
      return { ...a, status: e.to };
    case 'tax': {
      // setOrderTax: until it is delivered or cancelled, the total following the tax.
      if (!staffMayChange(a) || a.payment_status === 'refunded') refuse(`a tax on a ${a.status} order`, e);
      const tax = taxFor(e.tax, a.subtotal_cents);
      return settled({ ...a, ...tax, total_cents: a.subtotal_cents + tax.tax_cents });
    }
    case 'invoice':
    case 'difference':
    case 'credit-note': {
      if (e.kind === 'invoice' && a.invoice_number !== null) refuse('a second first invoice', e);
      const refusal = documentRefusal(a, e.kind);
      if (refusal) refuse(refusal, e);
      // Each document leaves the order invoiced for what it owes now.
      return { ...a, invoice_number: a.invoice_number ?? e.number, invoiced_cents: invoiceableCents(a) };
    }
    case 'payment': {
      // A card payment is of an order payable now (orderPayments' attach); a check, of one still owed something.
      const due = a.status === 'Cancelled' ? 0 : balanceDue(a);
      if (e.channel === 'card' && !isPayable(a)) refuse('a card payment of an order not payable', e);
      if (e.cents <= 0 || e.cents > due) refuse(`${e.cents} of ${due} due`, e);
      return settled({ ...a, received_cents: a.received_cents + e.cents });
    }
    case 'refund': {
      const left = (paid[e.payment] ?? 0) - e.cents;
      if (e.cents <= 0 || left < 0) refuse(`${e.cents} beyond what the payment has left`, e);
      return settled({ ...a, refunded_cents: a.refunded_cents + e.cents });
    }
  }
}

/**
 * An order's account as its story is told or read: each event applied in turn, checked by
 * the rules, with what each of its payments has left to refund.
 */
function ledgerOf(row: OrderInsert) {
  const ledger = {
    account: accountOf(row),
    /** What is left of each payment, in the story's order, once its refunds are taken off. */
    left: [] as number[],
    apply(e: MoneyEvent) {
      ledger.account = step(ledger.account, e, ledger.left);
      if (e.kind === 'payment') ledger.left.push(e.cents);
      if (e.kind === 'refund') ledger.left[e.payment] = (ledger.left[e.payment] ?? 0) - e.cents;
    },
  };
  return ledger;
}

/** Reads the story in time order, each step checked; `visit` sees each event with the account as it stood just before. */
function readStory(story: OrderStory, visit?: (e: MoneyEvent, before: Account) => void): Account {
  const ledger = ledgerOf(story.row);
  for (const e of story.events) {
    visit?.(e, ledger.account);
    ledger.apply(e);
  }
  if (ledger.account.status !== (story.row.status ?? 'Pending')) {
    throw new Error(`The scaled year's story of an order ends ${ledger.account.status}, not ${story.row.status}`);
  }
  return ledger.account;
}

/**
 * A school's own checks and transfers, numbered as its books number them: one payer never
 * gives the same reference twice (payments_offline_ref_per_payer_key).
 */
export function offlineReferences(r: ScaleRandom) {
  let check = r.int(1_000, 8_000);
  let transfer = r.int(100, 900);
  return (channel: 'check' | 'transfer') => {
    if (channel === 'check') {
      check += r.int(1, 40);
      return `${OFFLINE_METHOD_LABELS.check} ${check}`;
    }
    transfer += r.int(1, 9);
    return `${OFFLINE_METHOD_LABELS['bank-transfer']} ACH-${transfer}`;
  };
}

export type OfflineReferences = ReturnType<typeof offlineReferences>;

/** What share of those owing something paid it all, and part of it: by an order's age, or a sponsorship's year. */
interface PayShare {
  full: number;
  part: number;
}

/** A part of `cents` a payer sends first: a fifth to four fifths, in whole dollars, leaving something owed. */
function partOf(r: ScaleRandom, cents: number): number {
  const part = Math.round((cents * (0.2 + 0.6 * r.next())) / 100) * 100;
  return Math.min(cents - 100, Math.max(MIN_CARD_PAYMENT_CENTS, part));
}

/**
 * An order's money story, as a year of the app makes it, from its row as the school placed
 * it (`row`, priced without tax). Staff add the tax of most schools that are not exempt
 * before the order is placed. At checkout an order to be invoiced now (payment option 1) is
 * invoiced and a card order (2) paid in full, with its receipt and no invoice. While it is
 * on its way: tax added after the invoice (an invoice for the difference) or after the card
 * payment (a balance due), a school found exempt after all (the tax taken off: a credit
 * note, and what it paid for the tax refunded), invoices paid by check, transfer or card, at
 * once, in two goes or in part. The day it is delivered, what it still owes is invoiced
 * (invoiceDueAt: an order to be invoiced after delivery, 4, and a card order whose tax came
 * later), then paid. A cancelled order was paid nothing, and one invoiced is credited in full.
 * The app's own rules decide each moment's document (invoiceDueAt, documentRefusal).
 */
export function orderStory(r: ScaleRandom, row: OrderInsert, today: Date, references: OfflineReferences): OrderStory {
  const status = row.status ?? 'Pending';
  if (status === 'Pending') return { row, events: [] };
  const subtotal = row.subtotal_cents ?? 0;
  const exempt = row.custom_fields?.tax === 1;
  const rate = r.pick(TAX_RATES);
  const taxedEarly = !exempt && r.next() < 0.7;
  const untaxed: OrderTax = { has_tax: false, tax_cents: 0, tax_rate_bp: null, tax_basis_cents: null };
  const tax = taxFor(taxedEarly ? taxAt(rate) : untaxed, subtotal);
  const placedRow: OrderInsert = { ...row, ...tax, total_cents: subtotal + tax.tax_cents };
  const placed = row.placed_at;
  if (!placed) return { row: placedRow, events: [] };

  const events: MoneyEvent[] = [];
  const ledger = ledgerOf(placedRow);
  const push = (e: MoneyEvent) => {
    ledger.apply(e);
    events.push(e);
  };
  /** Some days after `from`, or nothing if that is past `by` (today, or the day it was delivered). */
  const later = (from: Date, min: number, max: number, by = today): Date | undefined => {
    const at = new Date(from.getTime() + r.int(min * 1_440, max * 1_440) * 60_000);
    return at <= by ? at : undefined;
  };
  const delivered = status === 'Delivered' ? new Date(`${row.delivery_date}T16:00:00Z`) : undefined;
  // Staff may change its tax until it is delivered (staffMayChange).
  const until = delivered && delivered < today ? delivered : today;
  const method = row.payment_method;

  /** The school pays what it owes by `by`, in full (at once or in two goes) or in part: answers when it last paid. */
  const pay = (from: Date, share: PayShare, by = today): Date => {
    const roll = r.next();
    const due = balanceDue(ledger.account);
    if (due <= 0 || roll >= share.full + share.part) return from;
    const first = later(from, 5, 60, by);
    if (!first) return from;
    const send = (at: Date, cents: number, channel: Channel) =>
      push({ kind: 'payment', at, cents, channel, reference: channel === 'card' ? '' : references(channel) });
    const split = due >= 1_000 && (roll >= share.full || (due > 20_000 && r.next() < 0.25));
    if (split) {
      send(first, partOf(r, due), r.weighted(CHANNELS));
      const rest = roll < share.full ? later(first, 10, 60, by) : undefined;
      if (!rest) return first;
      send(rest, balanceDue(ledger.account), r.weighted(CHANNELS));
      return rest;
    }
    send(first, due, r.weighted(CHANNELS));
    return first;
  };
  /** Staff add the tax after all: an invoiced order is invoiced the difference. */
  const taxLater = (at: Date) => {
    push({ kind: 'tax', at, tax: taxAt(rate) });
    if (ledger.account.invoice_number !== null) push({ kind: 'difference', at, number: 0 });
  };
  /** The school proved it is exempt: staff take the tax off (a rate of 0), and credit what was invoiced for it. */
  const taxOff = (at: Date) => {
    push({ kind: 'tax', at, tax: taxAt(0) });
    if (ledger.account.invoice_number !== null) push({ kind: 'credit-note', at, number: 0 });
  };
  /** The school's credit (what it paid beyond the lowered total) given back the way it came. */
  const refundCredit = (from: Date) => {
    const credit = -accountBalance(ledger.account);
    const payment = ledger.left.findLastIndex((left) => left >= credit);
    const by = events.filter((e) => e.kind === 'payment')[payment]?.channel;
    if (credit <= 0 || !by) return;
    // A card is refunded through its gateway (the reference is the gateway's); a check or transfer by a check staff send.
    const card = by === 'card';
    push({
      kind: 'refund',
      at: later(from, 1, 10) ?? today,
      cents: credit,
      payment,
      method: card ? 'card' : 'offline',
      reference: card
        ? `scale_re_${randomToken().slice(0, 12)}`
        : `${OFFLINE_METHOD_LABELS.check} ${r.int(20_000, 29_999)}`,
      reason: 'The school sent its tax-exemption certificate: the sales tax it paid is refunded.',
    });
  };

  // At checkout.
  if (invoiceDueAt(ledger.account, 'placed')) push({ kind: 'invoice', at: placed, number: 0 });
  if (status === 'Cancelled') {
    // Cancelled before anything was paid (moveRefusal); one invoiced at checkout is credited in full.
    const cancelled = later(placed, 1, 40) ?? today;
    push({ kind: 'status', at: cancelled, to: 'Cancelled' });
    if (ledger.account.invoice_number !== null) push({ kind: 'credit-note', at: cancelled, number: 0 });
    return { row: { ...placedRow, cancelled_at: cancelled }, events };
  }
  if (method === 2)
    push({ kind: 'payment', at: placed, cents: balanceDue(ledger.account), channel: 'card', reference: '' });

  // On its way.
  let last = placed;
  if (method === 1 || method === 2) {
    const added = !exempt && !taxedEarly && r.next() < 0.6 ? later(placed, 2, 30, until) : undefined;
    if (added) {
      taxLater(added);
      last = added;
    }
    const lowered = taxedEarly && r.next() < 0.1;
    const paidFirst = method === 2 || r.next() < 0.5;
    const off = lowered && !paidFirst ? later(last, 3, 45, until) : undefined;
    if (off) {
      taxOff(off);
      last = off;
    }
    last = pay(last, delivered ? { full: 0.6, part: 0.1 } : { full: 0.35, part: 0.2 }, until);
    const offAfter = lowered && paidFirst ? later(last, 3, 30, until) : undefined;
    if (offAfter) {
      taxOff(offAfter);
      refundCredit(offAfter);
    }
  }

  // Delivered: what it still owes is invoiced that day, then paid.
  if (delivered) {
    push({ kind: 'status', at: delivered, to: 'Delivered' });
    if (invoiceDueAt(ledger.account, 'delivered')) push({ kind: 'invoice', at: delivered, number: 0 });
    pay(delivered, { full: 0.85, part: 0.07 });
  }
  // A refund asked before delivery may be given after it: the story is read in time order.
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { row: placedRow, events };
}

/** The documents of the stories that take a number from the invoice counter. */
const numbered = (stories: readonly OrderStory[]) =>
  stories.flatMap((s) =>
    s.events.filter(
      (e): e is Extract<MoneyEvent, { number: number }> =>
        e.kind === 'invoice' || e.kind === 'difference' || e.kind === 'credit-note',
    ),
  );

/**
 * Numbers the stories' documents from the app's one `invoice` counter (nextInvoiceNumber),
 * all of a batch in one statement: the counter moves past them, so that the next document
 * the app issues takes the number after, and none is repeated or skipped.
 */
export async function numberDocuments(db: Executor, stories: readonly OrderStory[]): Promise<void> {
  const documents = numbered(stories);
  if (documents.length === 0) return;
  const [taken] = await db
    .insert(counters)
    .values({ name: 'invoice', value: documents.length })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + ${documents.length}` } })
    .returning({ value: counters.value });
  if (!taken) throw new Error('The invoice counter returned no number');
  let next = taken.value - documents.length + 1;
  for (const document of documents) document.number = next++;
}

/** The order's row as its story leaves it: its tax and total, what it received and refunded, its first invoice's number. */
export function orderRowOf(story: OrderStory): OrderInsert {
  const a = readStory(story);
  return {
    ...story.row,
    has_tax: a.has_tax,
    tax_cents: a.tax_cents,
    tax_rate_bp: a.tax_rate_bp,
    tax_basis_cents: a.tax_basis_cents,
    total_cents: a.total_cents,
    received_cents: a.received_cents,
    refunded_cents: a.refunded_cents,
    payment_status: a.payment_status,
    invoice_number: a.invoice_number,
    updated_at: story.events.at(-1)?.at ?? story.row.updated_at,
  };
}

/** When a check or transfer came: noon of that day, as staff record it (offlinePaymentFacts). */
const receivedOn = (at: Date) => new Date(`${isoDay(at)}T12:00:00Z`);

/** The payments of the order's story, as confirmed: a card payment by its gateway, a check or transfer by staff. */
export function orderPaymentRows(story: OrderStory, orderId: number): PaymentInsert[] {
  return story.events.flatMap((e) => {
    if (e.kind !== 'payment') return [];
    const key = randomToken();
    const card = e.channel === 'card';
    return [
      {
        payment_key: key,
        kind: 'order' as const,
        user_id: story.row.school_user_id,
        order_id: orderId,
        amount_cents: e.cents,
        gateway: card ? CARD_GATEWAY : 'offline',
        gateway_ref: card ? `scale_${key.slice(0, 12)}` : e.reference,
        status: 'succeeded' as const,
        confirmed_at: card ? e.at : receivedOn(e.at),
        created_at: e.at,
        updated_at: e.at,
      },
    ];
  });
}

/** Who the documents are from and for, and who gave money back. */
export interface DocumentFacts {
  provider: Provider;
  school: SchoolContact;
  /** The administrator recorded on refunds; none when the year has none. */
  staffId: number | null;
}

/**
 * The order's invoices and credit notes, stored as issueInvoice stores them (what buildInvoice
 * says, numbered, the basis the next one is reckoned from), and its refunds: read from its
 * story once its payments have their ids (`paymentIds`, in the story's order), which an
 * invoice lists. Their PDFs are left to be drawn from what they say when opened, as for a
 * document issued before the PDFs were kept: drawing 20,000 of them would take minutes.
 */
export function orderDocumentRows(
  story: OrderStory,
  orderId: number,
  paymentIds: readonly number[],
  facts: DocumentFacts,
) {
  const documents: (typeof invoices.$inferInsert)[] = [];
  const given: (typeof refunds.$inferInsert)[] = [];
  const received: ReceivedPayment[] = [];
  let paymentsSeen = 0;
  let first: number | undefined;
  let last: StoredInvoice | undefined;
  readStory(story, (e, account) => {
    if (e.kind === 'invoice' || e.kind === 'difference' || e.kind === 'credit-note') {
      // What buildInvoice reads of the order, as it stood.
      const order = { ...story.row, ...account, id: orderId } as typeof orders.$inferSelect;
      const built = buildInvoice({
        order,
        kind: e.kind,
        issued: isoDay(e.at),
        provider: facts.provider,
        school: facts.school,
        received: [...received],
        previous: first && last?.basis ? { first: invoiceLabel('invoice', first), basis: last.basis } : undefined,
      });
      const kind = built.content.kind === 'credit-note' ? 'credit-note' : 'invoice';
      last = { ...built.content, number: invoiceLabel(kind, e.number) };
      first ??= e.number;
      documents.push({
        order_id: orderId,
        kind,
        number: e.number,
        issue_date: isoDay(e.at),
        due_date: built.dueDate,
        total_cents: built.totalCents,
        content: last,
        created_at: e.at,
        updated_at: e.at,
      });
    } else if (e.kind === 'payment') {
      const id = paymentIds[paymentsSeen++] as number;
      const on = e.channel === 'card' ? e.at : receivedOn(e.at);
      received.push({ date: isoDay(on), reference: String(id), amountCents: e.cents });
    } else if (e.kind === 'refund') {
      const paymentId = paymentIds[e.payment] as number;
      received.push({ date: isoDay(e.at), reference: `Refund of payment ${paymentId}`, amountCents: -e.cents });
      given.push({
        payment_id: paymentId,
        amount_cents: e.cents,
        method: e.method,
        reference: e.reference,
        reason: e.reason,
        status: 'succeeded',
        created_by: facts.staffId,
        created_at: e.at,
        updated_at: e.at,
      });
    }
  });
  return { documents, refunds: given };
}

// ---------------------------------------------------------------- sponsorships

/** A sponsorship as its payments read it. */
export interface PayableSponsorship {
  sponsorId: number;
  year: number;
  totalCents: number;
  /** When staff approved it; none while it is only requested. */
  approvedAt: Date | null;
}

/** One card payment a sponsor made: of one sponsorship, or of several at once (bulk); declined ones too. */
export interface SponsorPayment {
  kind: 'sponsorship' | 'bulk';
  sponsorId: number;
  at: Date;
  succeeded: boolean;
  /** Each sponsorship it pays (an index of the list given) and how much of it goes there. */
  shares: { sponsorship: number; cents: number }[];
}

/**
 * The sponsors' payments of their approved sponsorships over the year: last year's mostly
 * paid, this year's and next year's less, each paid in full (at once, or part and then the
 * rest) or in part, some after a declined card; and some of the sponsors with several to
 * pay in full paying them at once, as the bulk payment pays each what is left. Answers
 * the payments, and what each sponsorship was paid in the end and when it was last paid.
 */
export function sponsorPayments(
  r: ScaleRandom,
  list: readonly PayableSponsorship[],
  currentYear: number,
  today: Date,
): { payments: SponsorPayment[]; paid: ({ cents: number; at: Date } | undefined)[] } {
  const paidCents = list.map(() => 0);
  const made: SponsorPayment[] = [];
  const later = (from: Date, min: number, max: number) => {
    const at = new Date(from.getTime() + r.int(min * 1_440, max * 1_440) * 60_000);
    return at <= today ? at : undefined;
  };
  /** One sponsorship paid by card, now and then after a card declined a few minutes before. */
  const pay = (sponsorId: number, sponsorship: number, at: Date, cents: number) => {
    if (r.next() < 0.05) {
      const declined = new Date(at.getTime() - r.int(5, 60) * 60_000);
      made.push({ kind: 'sponsorship', sponsorId, at: declined, succeeded: false, shares: [{ sponsorship, cents }] });
    }
    made.push({ kind: 'sponsorship', sponsorId, at, succeeded: true, shares: [{ sponsorship, cents }] });
    paidCents[sponsorship] = (paidCents[sponsorship] ?? 0) + cents;
  };
  const owing = list
    .map((s, i) => ({ ...s, i, approvedAt: s.approvedAt as Date }))
    .filter((s) => s.approvedAt && s.totalCents >= MIN_CARD_PAYMENT_CENTS);
  for (const [sponsorId, theirs] of Map.groupBy(owing, (s) => s.sponsorId)) {
    const inFull: { i: number; totalCents: number; at: Date; approvedAt: Date }[] = [];
    for (const s of theirs) {
      const share: PayShare =
        s.year < currentYear
          ? { full: 0.8, part: 0.1 }
          : s.year === currentYear
            ? { full: 0.4, part: 0.2 }
            : { full: 0.2, part: 0.15 };
      const roll = r.next();
      const at = later(s.approvedAt, 2, 45);
      if (!at || roll >= share.full + share.part) continue;
      if (roll < share.full) inFull.push({ ...s, at });
      else pay(sponsorId, s.i, at, partOf(r, s.totalCents));
    }
    // Several to pay in full: some sponsors pay at once all those approved by the day they pay (bulk).
    const bulkAt = inFull.length >= 2 && r.next() < 0.4 ? r.pick(inFull).at : undefined;
    const inBulk = bulkAt ? inFull.filter((s) => s.approvedAt < bulkAt) : [];
    if (bulkAt && inBulk.length >= 2) {
      const shares = inBulk.map((s) => ({ sponsorship: s.i, cents: s.totalCents }));
      made.push({ kind: 'bulk', sponsorId, at: bulkAt, succeeded: true, shares });
      for (const s of inBulk) paidCents[s.i] = s.totalCents;
    }
    for (const s of inFull.filter((f) => !inBulk.includes(f))) {
      const rest = s.totalCents >= 20_000 && r.next() < 0.2 ? later(s.at, 10, 60) : undefined;
      const first = rest ? partOf(r, s.totalCents) : s.totalCents;
      pay(sponsorId, s.i, s.at, first);
      if (rest) pay(sponsorId, s.i, rest, s.totalCents - first);
    }
  }
  // What each was paid in the end, and when last: the payments' confirmations write both.
  const paid: ({ cents: number; at: Date } | undefined)[] = list.map(() => undefined);
  for (const p of made) {
    if (!p.succeeded) continue;
    for (const { sponsorship: i } of p.shares) {
      if (p.at > (paid[i]?.at ?? 0)) paid[i] = { cents: paidCents[i] ?? 0, at: p.at };
    }
  }
  return { payments: made, paid };
}

/** The sponsor's card payment as its gateway confirmed it, or declined it. */
export function sponsorPaymentRow(p: SponsorPayment): PaymentInsert {
  const key = randomToken();
  return {
    payment_key: key,
    kind: p.kind,
    user_id: p.sponsorId,
    amount_cents: p.shares.reduce((sum, s) => sum + s.cents, 0),
    gateway: CARD_GATEWAY,
    gateway_ref: `scale_${key.slice(0, 12)}`,
    status: p.succeeded ? 'succeeded' : 'failed',
    confirmed_at: p.succeeded ? p.at : null,
    created_at: new Date(p.at.getTime() - 5 * 60_000),
    updated_at: p.at,
  };
}

/**
 * What a payment of sponsorships writes beside it: its allocations (how it is split, written
 * when it starts) and each sponsorship's transaction, confirmed (1) or failed (0), as the
 * sponsor's list of payments shows it (sponsorshipPayments' paid and failed).
 */
export function sponsorLedgerRows(
  p: SponsorPayment,
  payment: { id: number; gateway_ref: string },
  sponsorshipIds: readonly number[],
) {
  const started = new Date(p.at.getTime() - 5 * 60_000);
  const allocations: (typeof payment_allocations.$inferInsert)[] = [];
  const transactions: (typeof sponsorship_transactions.$inferInsert)[] = [];
  for (const share of p.shares) {
    const sponsorship_id = sponsorshipIds[share.sponsorship] as number;
    allocations.push({
      payment_id: payment.id,
      sponsorship_id,
      amount_cents: share.cents,
      created_at: started,
      updated_at: started,
    });
    transactions.push({
      sponsorship_id,
      payment_id: payment.id,
      transaction_id: payment.gateway_ref,
      amount_cents: share.cents,
      payment_status: p.succeeded ? 1 : 0,
      payment_date: p.at,
      created_at: p.at,
      updated_at: p.at,
    });
  }
  return { allocations, transactions };
}
