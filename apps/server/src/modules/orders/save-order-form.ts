import { MSG } from '@portal/contracts/messages';
import { MONEY_MAX_CENTS } from '@portal/contracts/money';
import {
  canEditOrder,
  canFinalizeAsReserved,
  FINALIZE_FIELDS,
  isPayable,
  lastChangeDay,
  lockMessage,
  lockReason,
  statusAfterSave,
} from '@portal/contracts/order-rules';
import {
  completionErrors,
  FREE_ITEM_FIELDS,
  type OrderFormFieldName,
  OrderFormFields,
  type OrderFormValues,
  type OrderStatus,
  type TUpdateTempOrderResponse,
  withTagChoicesCleared,
} from '@portal/contracts/orders';
import { cutoffOf, reservableYears } from '@portal/contracts/school-years';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { orders } from '../../db/schema/index.ts';
import type { OrderCostSheet } from '../../db/schema/orders.ts';
import { Batcher } from '../../lib/batcher.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { type Change, recordChange } from '../audit/record-change.ts';
import { type OutgoingMail, queueMail } from '../mail/queue-mail.ts';
import { keepTermsAccepted } from './accept-order-terms.ts';
import {
  findOrderToSave,
  type OrderToSave,
  orderToSaveColumns,
  rowVersion,
  toOrderCostSheet,
} from './find-school-order.ts';
import type { OrderMailKind } from './order-mail-templates.ts';
import { completionKind, orderMails } from './order-mails.ts';
import { priceOrder } from './price-order.ts';
import { closeOpenPayments } from './settle-order-payments.ts';
import { wirePricing } from './wire-prices.ts';

export interface SaveOrderInput {
  orderKey: string;
  /** 1 while the form is filled in (formats only); 0 completes it. */
  draft: 0 | 1;
  /** The status the button asks for: Reserved (Complete Reservation, Save Updates) or Order Placed (Finalize). */
  status: 'Pending' | 'Reserved' | 'Order Placed';
  values: OrderFormValues;
  /**
   * The fields the client changed since its last acknowledged save: only these are taken
   * from `values`, over the answers the order has. Absent, `values` is the whole form.
   */
  changed?: OrderFormFieldName[];
  /** Where the save came from, for the audit log. */
  ip?: string | undefined;
}

/** Attempts at merging over an order that others keep changing before this save is written. */
const MERGE_ATTEMPTS = 4;

/**
 * Where the school goes once the order is complete, and what it is told: checkout when it
 * has something to pay (the order is placed only once checkout is done), else the
 * confirmation, which says so in its address when a reservation was only changed.
 */
function nextPage(orderKey: string, order: Parameters<typeof isPayable>[0], kind: OrderMailKind) {
  if (isPayable(order)) {
    return { message: MSG.orderReadyForPayment, type: 'internal' as const, redirect: `/checkout/${orderKey}` };
  }
  const message = kind === 'placed' ? MSG.orderPlaced : kind === 'updated' ? MSG.orderSaved : MSG.orderReserved;
  const updated = kind === 'updated' ? '?updated=1' : '';
  return { message, type: 'internal' as const, redirect: `/order-confirmed/${orderKey}${updated}` };
}

/**
 * Saves the reservation form (updatetemporder), priced by the server. A draft keeps a
 * Pending order Pending and checks formats only; completing it checks every rule of
 * spec §5 and sets Reserved, or Order Placed when finalized (which a "just reserving"
 * payment option cannot be). A Reserved order takes drafts as a price preview only, so that
 * what was reserved changes only when the school saves its updates. Only an order the
 * school may still change (D12) is saved.
 */
export async function saveOrderForm(
  ctx: AppContext,
  schoolUserId: number,
  input: SaveOrderInput,
  today: Date,
): Promise<TUpdateTempOrderResponse> {
  const day: RuleDay = { today, cutoffDay: (await ctx.cache.settings.get()).cancel_cutoff };
  // The order as this school's last save left it, if this server still knows it: it is
  // written only if the row is still that version, else read afresh and saved once more.
  const known = ctx.cache.orderSnapshots.get(schoolUserId, input.orderKey);
  if (known) {
    const answer = await saveFrom(ctx, schoolUserId, known, input, day, { sameVersion: true });
    if (answer !== STALE) return answer;
    ctx.cache.orderSnapshots.delete(schoolUserId, input.orderKey);
  }
  if (input.changed) {
    // A merge is right only over the answers it was merged with: it is written over the
    // version read, and merged again over a newer one if the order changed meanwhile.
    for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt++) {
      const read = await findOrderToSave(ctx.db, schoolUserId, input.orderKey);
      if (!maySave(read.order, input, day)) throw lockedError(read.order, day);
      const answer = await saveFrom(ctx, schoolUserId, read, input, day, { sameVersion: true });
      if (answer !== STALE) return answer;
    }
    throw new AppError(409, MSG.orderChangedMeanwhile);
  }
  // Read afresh, the whole form is written if the order's status is still the one read (a
  // save of the same order from another tab meanwhile does not stop it: the later save is kept).
  const read = await findOrderToSave(ctx.db, schoolUserId, input.orderKey);
  const answer = await saveFrom(ctx, schoolUserId, read, input, day, { sameVersion: false });
  if (answer === STALE) throw lockedError(read.order, day);
  return answer;
}

/** The day a save is judged on, and the cut-off day staff set (D9). */
interface RuleDay {
  today: Date;
  cutoffDay: string;
}

/** Whether this save may be written: the order is the school's to change, or a reservation past its cut-off is finalized. */
function maySave(order: OrderToSave['order'], input: SaveOrderInput, { today, cutoffDay }: RuleDay): boolean {
  if (canEditOrder(order, today, cutoffDay)) return true;
  return input.draft === 0 && input.status === 'Order Placed' && canFinalizeAsReserved(order, today, cutoffDay);
}

/** The school is told why the order can no longer be changed (D12). */
function lockedError(order: OrderToSave['order'], { today, cutoffDay }: RuleDay): AppError {
  const reason = lockReason(order, today, cutoffDay);
  return new AppError(409, reason ? lockMessage(reason, order.school_year, cutoffDay) : MSG.orderLocked);
}

/** Answers this server wrote itself, kept in its snapshots: already as the form's schema reads them. */
const ownAnswers = new WeakSet<object>();

/**
 * The form's answers as the order has them, read as the form's schema reads a body; an
 * answer that does not read (written by an older form) counts as not given.
 */
export function storedAnswers(stored: Record<string, unknown>): OrderFormValues {
  if (ownAnswers.has(stored)) return stored as OrderFormValues;
  const whole = OrderFormFields.safeParse(stored);
  if (whole.success) return whole.data;
  const shape = OrderFormFields.shape;
  return Object.fromEntries(
    (Object.keys(shape) as OrderFormFieldName[]).map((name) => {
      const one = shape[name].safeParse(stored[name]);
      return [name, one.success ? one.data : shape[name].parse(undefined)];
    }),
  ) as OrderFormValues;
}

/** The answers a save keeps: the changed fields sent, over the order's; or, without a list, the whole form sent. */
function answersToSave(stored: Record<string, unknown>, input: SaveOrderInput): OrderFormValues {
  if (!input.changed) return input.values;
  const merged: Record<string, unknown> = { ...storedAnswers(stored) };
  for (const name of input.changed) merged[name] = input.values[name];
  return merged as OrderFormValues;
}

/** A save that was not made because the order is not what the save was made from. */
const STALE = Symbol('stale');

async function saveFrom(
  ctx: AppContext,
  schoolUserId: number,
  { order, costs, version }: OrderToSave,
  input: SaveOrderInput,
  day: RuleDay,
  { sameVersion }: { sameVersion: boolean },
): Promise<TUpdateTempOrderResponse | typeof STALE> {
  if (!maySave(order, input, day)) return STALE;
  const { today } = day;

  const asReserved = !canEditOrder(order, today, day.cutoffDay);
  const values = withTagChoicesCleared(
    answersToSave(order.custom_fields, asReserved ? { ...input, changed: [...FINALIZE_FIELDS] } : input),
  );
  if (values.school_year && !reservableYears(today).includes(values.school_year)) {
    throw badRequest(MSG.selectSchoolYear, { school_year: MSG.selectSchoolYear });
  }
  const finalizing = input.draft === 0 && input.status === 'Order Placed';
  if (input.draft === 0) {
    const errors = completionErrors(values);
    if (finalizing && values.payment_method === 3) {
      throw badRequest(MSG.changePaymentToFinalize, { payment_method: MSG.changePaymentToFinalize });
    }
    if (Object.keys(errors).length > 0) throw badRequest(MSG.fillRequiredFields, errors);
  }

  // Staff add tax later (D10): once they have, it is kept whatever the school answers about
  // exemption (staff have seen its certificate), a rate worked out on the new subtotal and an
  // amount only while the subtotal is the one it was set on (taxFor); until then none is charged.
  // A Pending order is priced from its product's sheet as it is now; one already Reserved or
  // placed from the sheet it was given (pricingSheet), which the write keeps on the order.
  const priced = priceOrder(values, costs, order);
  // Counts that would take the order past what one order may cost are refused, draft or not.
  if (priced.subtotal > MONEY_MAX_CENTS) throw badRequest(MSG.orderTooLarge);
  const status: OrderStatus =
    input.draft === 1 ? order.status : statusAfterSave(order.status, finalizing, values.payment_method);
  const answer = {
    status: 'success' as const,
    order_key: order.order_key,
    order_status: status,
    ...wirePricing(priced.rows, priced.total, priced.taxed.has_tax),
    custom_fields: values,
  };
  // Accepting the free-products terms is kept at once, whatever else the save does, and a
  // draft's acceptance is in the order's history as the terms' own call writes it.
  const acceptsTerms = values.free_tnc_accepted && order.free_tnc_accepted_at === null;
  if (acceptsTerms && input.draft === 1) await keepTermsAccepted(ctx.db, schoolUserId, order.id, input.ip);
  if (input.draft === 1 && order.status !== 'Pending') {
    return { ...answer, message: 'ok', type: '', redirect: '' };
  }

  // An order placed for a card payment is still the school's until it is paid (D12): the
  // checkout of its old amount is closed before the change, or, paid meanwhile, stops it.
  if (order.status === 'Order Placed') await closeOpenPayments(ctx, order.id);

  const row: FormWrite = {
    id: order.id,
    version: sameVersion ? version : null,
    read_status: order.status,
    fields: values,
    price: priced.rows,
    sheet: toOrderCostSheet(costs),
    subtotal: priced.subtotal,
    tax: priced.tax,
    has_tax: priced.taxed.has_tax,
    tax_basis: priced.taxed.tax_basis_cents,
    read_tax: order.tax_cents,
    read_tax_rate: order.tax_rate_bp,
    total: priced.total,
    school_year: values.school_year,
    payment_method: values.payment_method,
    purchase_order: values.purchase_order,
    free_tnc_req: FREE_ITEM_FIELDS.some((f) => (values[f] ?? 0) > 0) || values.ss_car_mag_add === 1,
    status,
    finalizing,
    accepts_terms: acceptsTerms,
  };
  // A completed form is the school's change to a business record: audited with its write.
  const audit: Change | undefined =
    input.draft === 1
      ? undefined
      : {
          actorId: schoolUserId,
          action: order.status === 'Pending' ? 'complete' : finalizing ? 'finalize' : 'update',
          entity: 'order',
          entityId: order.id,
          // The answers that changed, with the status and total.
          before: { ...order.custom_fields, status: order.status, total_cents: order.total_cents },
          after: { ...values, status, total_cents: priced.total },
          ip: input.ip,
        };
  // A completed form's e-mails, made now and queued in the transaction that writes it.
  const mails =
    input.draft === 1
      ? []
      : await orderMails(ctx, {
          orderId: order.id,
          orderKey: order.order_key,
          schoolUserId,
          status,
          rows: priced.rows,
          taxCents: priced.tax,
          tax: answer.has_tax ? 'added' : values.tax === 1 ? 'exempt' : 'to be added',
          total: priced.total,
          changeUntil: cutoffOf(values.school_year ?? '', order.created_at, day.cutoffDay)
            ? lastChangeDay(values.school_year ?? '', day.cutoffDay)
            : '',
          before: { status: order.status, rows: order.custom_price, total: order.total_cents },
        });
  const written = await formWriter(ctx).run({ row, draft: input.draft === 1, audit, mails });
  if (!written) return STALE;
  // Kept while the school is still filling the form in: a Reserved order's drafts are
  // previews that write nothing, so they always read the order as it is.
  if (written.order.status === 'Pending') {
    ownAnswers.add(values);
    const known = { ...written.order, custom_fields: values };
    ctx.cache.orderSnapshots.set(schoolUserId, { order: known, costs, version: written.version });
  } else {
    ctx.cache.orderSnapshots.delete(schoolUserId, order.order_key);
  }

  if (input.draft === 1) return { ...answer, message: MSG.orderSaved, type: '', redirect: '' };
  const kind = completionKind(order.status, status);
  return {
    ...answer,
    ...nextPage(
      order.order_key,
      {
        status,
        payment_method: values.payment_method,
        payment_status: order.payment_status,
        total_cents: priced.total,
        received_cents: order.received_cents,
        refunded_cents: order.refunded_cents,
      },
      kind,
    ),
  };
}

/** One save of the form, as the batched write takes it. */
interface FormWrite {
  id: number;
  /** The row's version the save was made from: when given, the write happens only if nobody has changed the order since. */
  version: string | null;
  /** Without a version, the write happens only if the order's status is still the one it was read in. */
  read_status: OrderStatus;
  fields: OrderFormValues;
  price: unknown;
  /** The cost sheet the price was made from: kept on the order once it leaves Pending. */
  sheet: OrderCostSheet;
  subtotal: number;
  tax: number;
  has_tax: boolean;
  tax_basis: number | null;
  /** The tax the order had when read: staff changing it meanwhile stops the write. */
  read_tax: number;
  read_tax_rate: number | null;
  total: number;
  school_year: string | null;
  payment_method: number | null;
  purchase_order: string | null;
  free_tnc_req: boolean;
  status: OrderStatus;
  finalizing: boolean;
  accepts_terms: boolean;
}

/** What a write answers of each order: what saving reads, but the answers, which the save itself has. */
const { custom_fields: _answers, ...writtenColumns } = orderToSaveColumns;

/** The saves as rows of one statement; their columns are FormWrite's. */
const formWrites = sql`jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as w(
  id int, version xid, read_status text, fields jsonb, price jsonb, sheet jsonb, subtotal int, tax int, has_tax boolean, tax_basis int, read_tax int, read_tax_rate int, total int, school_year text,
  payment_method smallint, purchase_order text, free_tnc_req boolean, status text, finalizing boolean,
  accepts_terms boolean)`;

/**
 * The one write of the form, prepared once, for any number of orders. Each row writes only
 * over the version of the order it was made from, or when read afresh, only from the status
 * it was read in, so that a change made meanwhile (staff, a payment) is not overwritten. It
 * answers each written order's new state.
 */
const writeOrderForms = preparedFor((db: Executor) =>
  db
    .update(orders)
    .set({
      custom_fields: sql`w.fields`,
      custom_price: sql`w.price`,
      // Kept from the save that takes the order out of Pending, and not replaced afterwards.
      cost_sheet: sql`case when w.status = 'Pending' then null else coalesce(${orders.cost_sheet}, w.sheet) end`,
      subtotal_cents: sql`w.subtotal`,
      tax_cents: sql`w.tax`,
      has_tax: sql`w.has_tax`,
      tax_basis_cents: sql`w.tax_basis`,
      total_cents: sql`w.total`,
      school_year: sql`w.school_year`,
      payment_method: sql`w.payment_method`,
      purchase_order: sql`w.purchase_order`,
      free_tnc_req: sql`w.free_tnc_req`,
      status: sql`w.status`,
      placed_at: sql`case when w.finalizing then now() else ${orders.placed_at} end`,
      free_tnc_accepted_at: sql`case when w.accepts_terms
        then coalesce(${orders.free_tnc_accepted_at}, now()) else ${orders.free_tnc_accepted_at} end`,
      // Set here, not by the column's own rule, which a prepared statement would run only once.
      updated_at: sql`now()`,
    })
    .from(formWrites)
    .where(
      and(
        eq(orders.id, sql`w.id`),
        sql`case when w.version is null then ${orders.status} = w.read_status else ${orders}.xmin = w.version end`,
        sql`${orders.tax_cents} = w.read_tax and ${orders.tax_rate_bp} is not distinct from w.read_tax_rate`,
      ),
    )
    .returning({ order: writtenColumns, version: rowVersion })
    .prepare('write_order_forms'),
);

/** A save as the batched write takes it: the row, and whether it is a draft. */
interface QueuedWrite {
  row: FormWrite;
  /** A draft commits without waiting for the disk (ctx.draftDb): the school's next pause in typing saves again. */
  draft: boolean;
  /** A completed form's audit row, written in the transaction that writes it. */
  audit?: Change | undefined;
  /** A completed form's e-mails, queued in the transaction that writes it. */
  mails: OutgoingMail[];
}

interface Written {
  order: Omit<OrderToSave['order'], 'custom_fields'>;
  version: string;
}

/** Writes the rows in one statement, on `db`, and answers, in their order, each order's new state, or undefined where it was not written. */
async function writeRows(db: Executor, rows: FormWrite[]): Promise<(Written | undefined)[]> {
  if (rows.length === 0) return [];
  const written = await writeOrderForms(db).execute({ rows: JSON.stringify(rows) });
  const byId = new Map(written.map((w) => [w.order.id, w]));
  return rows.map((r) => byId.get(r.id));
}

/** Completed forms: written with the audit rows and e-mails of those that were written, in one transaction. */
async function writeCompletions(
  { db, jobs }: Pick<AppContext, 'db' | 'jobs'>,
  writes: QueuedWrite[],
): Promise<(Written | undefined)[]> {
  if (writes.length === 0) return [];
  return db.transaction(async (tx) => {
    const written = await writeRows(
      tx,
      writes.map((w) => w.row),
    );
    for (const [i, w] of writes.entries()) {
      if (!written[i]) continue;
      if (w.audit) await recordChange(tx, w.audit);
      for (const mail of w.mails) await queueMail({ jobs }, tx, mail);
    }
    return written;
  });
}

/**
 * The form saves on every pause in typing: the saves that arrive together are written by
 * one statement per kind, drafts in one commit and completed forms in another, side by
 * side. Two saves of one order are never in the same batch, nor written at once, so the
 * later one is the one kept. Each answers its order's new state, or nothing if it was not written.
 *
 * One batch is written at a time: the saves that arrive meanwhile wait and go together in
 * the next. With two at once, 50 schools saving together waited longer at the 99th
 * percentile (31–35 ms against 23–28 ms, `npm run bench -- --only updatetemporder`) for the
 * same throughput: the two statements competed for the same cores.
 */
const formWriter = preparedFor(
  (ctx: Pick<AppContext, 'db' | 'draftDb' | 'jobs'>) =>
    new Batcher(
      async (writes: QueuedWrite[]) => {
        const drafts = writes.filter((w) => w.draft);
        const completions = writes.filter((w) => !w.draft);
        const [draftsWritten, completionsWritten] = await Promise.all([
          writeRows(
            ctx.draftDb,
            drafts.map((w) => w.row),
          ),
          writeCompletions(ctx, completions),
        ]);
        // Each kind answers in its own order: the batch's answers take from each in turn.
        const drafted = draftsWritten.values();
        const completed = completionsWritten.values();
        return writes.map((w) => (w.draft ? drafted : completed).next().value);
      },
      { maxItems: 64, concurrency: 1, keyOf: (w) => w.row.id },
    ),
);
