import type { TAdminOrderResponse } from '@portal/contracts/admin-orders';
import { MSG } from '@portal/contracts/messages';
import {
  accountBalance,
  balanceDue,
  creditCents,
  staffMayChange,
  staffTransitions,
} from '@portal/contracts/order-rules';
import { FORM_FILE_TYPES } from '@portal/contracts/orders';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { contact_requests, orders, payments, products, refunds } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { recordHistory } from '../../audit/record-history.ts';
import { schoolContact } from '../../documents/school-contact.ts';
import { listOrderFiles } from '../../orders/list-order-files.ts';
import { orderProduct, toSchoolOrder } from '../../orders/school-order.ts';
import { leftToRefund } from '../../payments/refund-payment.ts';
import { hasWaitingProof } from '../../proofs/has-waiting-proof.ts';
import { staffState } from './find-staff-order.ts';

/** One order in full for staff: what the school saw, its files, payments, cancel request, history, and the moves allowed. */
export async function getAdminOrder(ctx: AppContext, orderId: number): Promise<TAdminOrderResponse> {
  const [found] = await ctx.db
    .select({ order: orders, product: orderProduct })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.product_id))
    .where(eq(orders.id, orderId));
  if (!found) throw notFound(MSG.orderNotFound);
  const { order, product } = found;
  const [files, school, paid, [request], history, proofWaiting] = await Promise.all([
    listOrderFiles(ctx.db, order.id, FORM_FILE_TYPES),
    schoolContact(ctx.db, order.school_user_id),
    ctx.db
      .select({
        id: payments.id,
        created_at: payments.created_at,
        amount_cents: payments.amount_cents,
        gateway: payments.gateway,
        status: payments.status,
        confirmed_at: payments.confirmed_at,
      })
      .from(payments)
      .where(eq(payments.order_id, order.id))
      .orderBy(asc(payments.id)),
    ctx.db
      .select({
        id: contact_requests.id,
        fullname: contact_requests.fullname,
        email: contact_requests.email,
        message: contact_requests.message,
        created_at: contact_requests.created_at,
        handled_at: contact_requests.handled_at,
      })
      .from(contact_requests)
      .where(and(eq(contact_requests.order_id, order.id), eq(contact_requests.kind, 'cancel')))
      .orderBy(desc(contact_requests.id))
      .limit(1),
    recordHistory(ctx.db, 'order', order.id),
    hasWaitingProof(ctx.db, order.id),
  ]);
  const given = paid.length
    ? await ctx.db
        .select({
          id: refunds.id,
          payment_id: refunds.payment_id,
          created_at: refunds.created_at,
          amount_cents: refunds.amount_cents,
          method: refunds.method,
          reference: refunds.reference,
          reason: refunds.reason,
          status: refunds.status,
          failure: refunds.failure,
        })
        .from(refunds)
        .where(
          inArray(
            refunds.payment_id,
            paid.map((p) => p.id),
          ),
        )
        .orderBy(asc(refunds.id))
    : [];

  // Where a credit may go: the school's other orders still owed something.
  const targets =
    creditCents(order) > 0
      ? (
          await ctx.db
            .select({
              order_id: orders.id,
              status: orders.status,
              payment_status: orders.payment_status,
              total_cents: orders.total_cents,
              received_cents: orders.received_cents,
              refunded_cents: orders.refunded_cents,
            })
            .from(orders)
            .where(
              and(
                eq(orders.school_user_id, order.school_user_id),
                ne(orders.id, order.id),
                ne(orders.status, 'Cancelled'),
                // A draft the school is still filling in is not yet owed.
                ne(orders.status, 'Pending'),
              ),
            )
            .orderBy(asc(orders.id))
        )
          .filter((o) => balanceDue(o) > 0)
          .map((o) => ({ order_id: o.order_id, status: o.status, balance_cents: balanceDue(o) }))
      : [];
  return {
    status: 'success',
    message: 'ok',
    order: toSchoolOrder(order, product),
    files,
    school: { user_id: order.school_user_id, name: school.name, email: school.email },
    subtotal_cents: order.subtotal_cents,
    tax_cents: order.tax_cents,
    has_tax: order.has_tax,
    tax_rate_bp: order.tax_rate_bp,
    total_cents: order.total_cents,
    received_cents: order.received_cents,
    refunded_cents: order.refunded_cents,
    balance_cents: accountBalance(order),
    delivery_date: order.delivery_date,
    invoice_number: order.invoice_number,
    cancel_request: request
      ? {
          ...request,
          created_at: request.created_at.toISOString(),
          handled_at: request.handled_at?.toISOString() ?? null,
        }
      : null,
    payments: paid.map((p) => ({
      ...p,
      created_at: p.created_at.toISOString(),
      confirmed_at: p.confirmed_at?.toISOString() ?? null,
      refundable_cents: leftToRefund(p, given),
    })),
    refunds: given.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    credit_targets: targets,
    transitions: staffTransitions(staffState(order, proofWaiting)),
    may_change: staffMayChange(order),
    history,
  };
}
