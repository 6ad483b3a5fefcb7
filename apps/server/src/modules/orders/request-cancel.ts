import { MSG } from '@portal/contracts/messages';
import { cancelOption } from '@portal/contracts/order-rules';
import { CANCEL_OPTIONS, type TCancelRequestFields } from '@portal/contracts/school-orders';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { contact_requests, orders } from '../../db/schema/index.ts';
import { conflict, fieldError } from '../../lib/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import { schoolContact } from '../documents/school-contact.ts';
import { renderMail } from '../mail/layout.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { findOwnOrder } from './find-school-order.ts';

type CancelRequestInput = Required<{ [K in keyof TCancelRequestFields]: string }> & {
  idempotency_key?: string | undefined;
};

/**
 * Asks the team to cancel the school's order (cancelorderenq), once the school may no
 * longer cancel it itself (D12): the request is kept, marked on the order and e-mailed to
 * staff. The same form sent twice (a double click, a retry) is one request, answered
 * alike; another request for the same order is refused, as the first is being answered.
 */
export async function requestCancel(
  ctx: AppContext,
  schoolUserId: number,
  orderKey: string,
  input: CancelRequestInput,
  ip?: string,
) {
  const order = await findOwnOrder(ctx.db, schoolUserId, orderKey);
  const { cancel_cutoff } = await ctx.cache.settings.get();
  const option = cancelOption(order, ctx.clock(), cancel_cutoff);
  if (option === CANCEL_OPTIONS.direct) throw conflict(MSG.cancelYourself);
  if (option === CANCEL_OPTIONS.none) {
    throw conflict(order.status === 'Delivered' ? MSG.orderDeliveredNotCancellable : MSG.orderNotCancellable);
  }
  const { idempotency_key, schoolname, email, message } = input;
  const received = { status: 'success' as const, message: MSG.cancelRequestReceived };

  const outcome = await ctx.db.transaction(async (tx) => {
    /** A request already kept under this form's key: this order's (the same form again) or another's. */
    const sentBefore = async () => {
      if (!idempotency_key) return undefined;
      const [row] = await tx
        .select({ order_id: contact_requests.order_id })
        .from(contact_requests)
        .where(eq(contact_requests.idempotency_key, idempotency_key));
      if (!row) return undefined;
      return row.order_id === order.id ? ('repeat' as const) : ('key used' as const);
    };
    const before = await sentBefore();
    if (before) return before;
    // The row's lock makes requests at once wait for each other: the later ones find the order
    // marked, and the form's own copies find the request the first one kept.
    const marked = await tx
      .update(orders)
      .set({ cancel_requested_at: sql`now()`, updated_at: sql`now()` })
      .where(and(eq(orders.id, order.id), isNull(orders.cancel_requested_at)))
      .returning({ id: orders.id, at: orders.cancel_requested_at });
    if (marked.length === 0) return (await sentBefore()) ?? ('already requested' as const);
    await recordChange(tx, {
      actorId: schoolUserId,
      action: 'request-cancel',
      entity: 'order',
      entityId: order.id,
      before: { cancel_requested_at: null },
      after: { cancel_requested_at: marked[0]?.at, message },
      ip,
    });
    await tx.insert(contact_requests).values({
      kind: 'cancel',
      fullname: schoolname,
      company: schoolname,
      email,
      message,
      user_id: schoolUserId,
      order_id: order.id,
      idempotency_key: idempotency_key ?? null,
    });
    await mailCancelRequest(ctx, tx, order, schoolUserId, { schoolname, email, message });
    return 'stored' as const;
  });
  if (outcome === 'repeat') return received;
  if (outcome === 'key used') throw fieldError('idempotency_key', MSG.invalidInput);
  if (outcome === 'already requested') throw conflict(MSG.cancelAlreadyRequested);
  return received;
}

/** Staff's e-mail of a cancel request, queued in the transaction that keeps the request. */
async function mailCancelRequest(
  ctx: AppContext,
  tx: Executor,
  order: Awaited<ReturnType<typeof findOwnOrder>>,
  schoolUserId: number,
  { schoolname, email, message }: Pick<CancelRequestInput, 'schoolname' | 'email' | 'message'>,
) {
  const [settings, school] = await Promise.all([ctx.cache.settings.get(), schoolContact(tx, schoolUserId)]);
  // Staff know the school by the name on its account; the name typed in the form stands in
  // only until the school has filled in its details.
  const schoolName = school.name || schoolname;
  const link = `${ctx.config.publicUrl}/school/order/${order.order_key}`;
  const mail = renderMail({
    subject: `Cancel request for order #${order.id}: ${schoolName}`,
    paragraphs: [
      `${schoolName} asks to cancel order #${order.id} (${order.status}, ${order.payment_status}).`,
      `Sent by: ${schoolname}, ${school.email}`,
      `Reply to: ${email}`,
      message,
    ],
    action: { label: 'Open the order', url: link },
    signature: 'School Planner Savings website',
  });
  await queueMail(ctx, tx, { to: settings.support_email, template: 'order-cancel-request', ...mail });
}
