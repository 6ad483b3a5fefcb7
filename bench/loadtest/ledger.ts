/**
 * What the load test's users were told the server kept (the client's own record), and the
 * comparison of it with what the database holds at the end. Pure: the database's rows are
 * read elsewhere (check-database.ts) and handed in.
 */

/** A school's order as its acknowledged answers left it. */
export interface OrderRecord {
  orderKey: string;
  /** The form's answers of the last acknowledged save, as the server answered them (its `custom_fields`), for the fields sent. */
  answers?: Record<string, unknown>;
  /** The total the last acknowledged save priced, in cents. */
  totalCents?: number;
  /** The status the last acknowledged change left it in. */
  status: string;
  /** Confirmed paid by its confirmation page. */
  paid: boolean;
  /** Staff's acknowledged moves, in order. */
  moves: { from: string; to: string }[];
  /** The school's journey with it is over: staff may move it on. */
  done?: boolean;
}

/** A card payment its payer was told was paid. */
export interface PaymentRecord {
  paymentKey: string;
  kind: 'order' | 'sponsorship' | 'bulk';
  /** The payer's e-mail address, where its receipt goes. */
  payer: string;
  amountCents: number;
  orderKey?: string;
  /** What it paid of each sponsorship (sponsorship and bulk payments). */
  allocations: { sponsorshipId: number; cents: number }[];
}

export class Ledger {
  readonly orders = new Map<string, OrderRecord>();
  readonly payments = new Map<string, PaymentRecord>();
  /** Payments started whose outcome no payer was told (an error on the way), with their payer: not counted either way. */
  readonly uncertain = new Map<string, string>();
  /** Orders an error left in doubt: their state is not compared. */
  readonly uncertainOrders = new Set<string>();

  order(orderKey: string): OrderRecord {
    let order = this.orders.get(orderKey);
    if (!order) {
      order = { orderKey, status: 'Pending', paid: false, moves: [] };
      this.orders.set(orderKey, order);
    }
    return order;
  }

  /** The sponsorships' acknowledged payments, summed per sponsorship. */
  sponsorshipPaid(): Map<number, number> {
    const paid = new Map<number, number>();
    for (const payment of this.payments.values()) {
      for (const a of payment.allocations) paid.set(a.sponsorshipId, (paid.get(a.sponsorshipId) ?? 0) + a.cents);
    }
    return paid;
  }
}

/** What the database holds at the end, as check-database.ts reads it. */
export interface DatabaseState {
  orders: {
    order_key: string;
    status: string;
    payment_status: string;
    total_cents: number;
    custom_fields: Record<string, unknown>;
  }[];
  payments: { payment_key: string; kind: string; status: string; amount_cents: number; order_key: string | null }[];
  /** The allocations of succeeded payments. */
  allocations: { payment_key: string; sponsorship_id: number; amount_cents: number }[];
  sponsorships: { id: number; total_cents: number; paid_cents: number }[];
  /** Confirmed (payment_status 1) transactions the sponsor sees, with their payment's key. */
  transactions: { payment_key: string | null; sponsorship_id: number; amount_cents: number }[];
  /** Staff's status moves from the audit log, oldest first. */
  moves: { order_key: string; from: string; to: string }[];
  /** The payment receipts in the outbox, per address. */
  receipts: { to_address: string; count: number }[];
  /** The outbox's messages per status ('kept' once the mail job has handled one, with no SMTP configured). */
  mail: { status: string; count: number }[];
}

export interface CheckResult {
  /** The name of each check and how many records it compared. */
  counts: Record<string, number>;
  /** Every difference found, in words. */
  problems: string[];
}

/** A form answer as text, so that 120 and "120" compare equal, and null, undefined and "" too. */
const answerText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

const groupBy = <T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> => {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
};

const sum = (values: Iterable<number>) => {
  let total = 0;
  for (const v of values) total += v;
  return total;
};

/**
 * Compares the client's record with the database: every acknowledged reservation with its
 * last answers and total, every acknowledged payment recorded once and succeeded, no
 * succeeded payment nobody was told of, each sponsorship's paid amount the sum of its
 * succeeded allocations and of what its payers were told, none paid over its total, and
 * staff's acknowledged moves each audited once, in order.
 */
export function compareWithDatabase(ledger: Ledger, db: DatabaseState): CheckResult {
  const problems: string[] = [];
  const counts: Record<string, number> = {};
  const count = (name: string) => {
    counts[name] = (counts[name] ?? 0) + 1;
  };

  const ordersByKey = groupBy(db.orders, (o) => o.order_key);
  const paymentsByKey = groupBy(db.payments, (p) => p.payment_key);
  const movesByOrder = groupBy(db.moves, (m) => m.order_key);

  for (const order of ledger.orders.values()) {
    if (ledger.uncertainOrders.has(order.orderKey)) continue;
    const rows = ordersByKey.get(order.orderKey) ?? [];
    count('orders');
    if (rows.length !== 1) {
      problems.push(`order ${order.orderKey}: ${rows.length} rows, expected 1`);
      continue;
    }
    const row = rows[0] as DatabaseState['orders'][number];
    if (row.status !== order.status) {
      problems.push(`order ${order.orderKey}: status ${row.status}, acknowledged ${order.status}`);
    }
    if (order.answers) {
      for (const [field, value] of Object.entries(order.answers)) {
        if (answerText(row.custom_fields[field]) !== answerText(value)) {
          problems.push(
            `order ${order.orderKey}: ${field} is ${JSON.stringify(row.custom_fields[field])}, last saved ${JSON.stringify(value)}`,
          );
        }
      }
    }
    if (order.totalCents !== undefined && row.total_cents !== order.totalCents) {
      problems.push(`order ${order.orderKey}: total ${row.total_cents} cents, acknowledged ${order.totalCents}`);
    }
    if (order.paid !== (row.payment_status === 'paid')) {
      problems.push(`order ${order.orderKey}: payment status ${row.payment_status}, acknowledged paid: ${order.paid}`);
    }
    count('status histories');
    const moves = (movesByOrder.get(order.orderKey) ?? []).map((m) => `${m.from} -> ${m.to}`);
    const acknowledged = order.moves.map((m) => `${m.from} -> ${m.to}`);
    if (moves.join(', ') !== acknowledged.join(', ')) {
      problems.push(
        `order ${order.orderKey}: staff moves audited [${moves.join(', ')}], acknowledged [${acknowledged.join(', ')}]`,
      );
    }
  }

  for (const payment of ledger.payments.values()) {
    count('payments');
    const rows = paymentsByKey.get(payment.paymentKey) ?? [];
    if (rows.length !== 1) {
      problems.push(`payment ${payment.paymentKey}: ${rows.length} rows, expected 1`);
      continue;
    }
    const row = rows[0] as DatabaseState['payments'][number];
    if (row.status !== 'succeeded') problems.push(`payment ${payment.paymentKey}: ${row.status}, acknowledged paid`);
    if (row.amount_cents !== payment.amountCents) {
      problems.push(`payment ${payment.paymentKey}: ${row.amount_cents} cents, acknowledged ${payment.amountCents}`);
    }
    if (payment.orderKey !== undefined && row.order_key !== payment.orderKey) {
      problems.push(`payment ${payment.paymentKey}: for order ${row.order_key}, acknowledged ${payment.orderKey}`);
    }
  }

  // Nothing paid twice: a succeeded payment nobody was told of, or an order paid more than once.
  const succeeded = db.payments.filter((p) => p.status === 'succeeded');
  for (const row of succeeded) {
    if (!ledger.payments.has(row.payment_key) && !ledger.uncertain.has(row.payment_key)) {
      problems.push(`payment ${row.payment_key}: succeeded (${row.amount_cents} cents) but no payer was told so`);
    }
  }
  for (const [orderKey, rows] of groupBy(
    succeeded.filter((p) => p.order_key !== null),
    (p) => p.order_key as string,
  )) {
    const order = ledger.orders.get(orderKey);
    if (rows.length > 1) problems.push(`order ${orderKey}: ${rows.length} succeeded payments`);
    const orderRow = ordersByKey.get(orderKey)?.[0];
    if (order?.paid && orderRow && sum(rows.map((r) => r.amount_cents)) !== orderRow.total_cents) {
      problems.push(`order ${orderKey}: paid ${sum(rows.map((r) => r.amount_cents))} cents of ${orderRow.total_cents}`);
    }
  }

  const allocatedBySponsorship = groupBy(db.allocations, (a) => a.sponsorship_id);
  const transactionsByPair = groupBy(db.transactions, (t) => `${t.payment_key}/${t.sponsorship_id}`);
  const acknowledgedPaid = ledger.sponsorshipPaid();
  const uncertainSponsorships = new Set(
    db.allocations.filter((a) => ledger.uncertain.has(a.payment_key)).map((a) => a.sponsorship_id),
  );
  for (const s of db.sponsorships) {
    count('sponsorships');
    const allocated = sum((allocatedBySponsorship.get(s.id) ?? []).map((a) => a.amount_cents));
    if (s.paid_cents > s.total_cents) problems.push(`sponsorship ${s.id}: paid ${s.paid_cents} of ${s.total_cents}`);
    if (s.paid_cents !== allocated) {
      problems.push(`sponsorship ${s.id}: paid_cents ${s.paid_cents}, its succeeded allocations ${allocated}`);
    }
    const told = acknowledgedPaid.get(s.id) ?? 0;
    if (!uncertainSponsorships.has(s.id) && s.paid_cents !== told) {
      problems.push(`sponsorship ${s.id}: paid_cents ${s.paid_cents}, acknowledged ${told}`);
    }
  }
  for (const payment of ledger.payments.values()) {
    for (const a of payment.allocations) {
      count('sponsorship transactions');
      const rows = transactionsByPair.get(`${payment.paymentKey}/${a.sponsorshipId}`) ?? [];
      if (rows.length !== 1 || rows[0]?.amount_cents !== a.cents) {
        problems.push(
          `sponsorship ${a.sponsorshipId}: ${rows.length} confirmed transaction(s) of payment ${payment.paymentKey} (${rows
            .map((r) => r.amount_cents)
            .join(', ')}), expected one of ${a.cents}`,
        );
      }
    }
  }
  // Each acknowledged payment's receipt queued once, and every message handled by the mail job.
  const receipts = new Map(db.receipts.map((r) => [r.to_address, r.count]));
  const payersInDoubt = new Set(ledger.uncertain.values());
  const payers = groupBy([...ledger.payments.values()], (p) => p.payer);
  for (const [payer, paid] of payers) {
    count('receipts');
    const queued = receipts.get(payer) ?? 0;
    if (queued !== paid.length && !(payersInDoubt.has(payer) && queued > paid.length)) {
      problems.push(`${payer}: ${queued} payment receipt(s) queued, ${paid.length} payment(s) acknowledged`);
    }
  }
  for (const { status, count: n } of db.mail) {
    if (status !== 'kept') problems.push(`${n} e-mail(s) ${status} in the outbox, not handled by the mail job`);
  }
  return { counts, problems };
}
