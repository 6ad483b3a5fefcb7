import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { audit_log, payments } from '../../db/schema/index.ts';

/**
 * The notes a payment may carry in the audit log for staff: money the gateway took that
 * could not be recorded (what it pays refused it), or a gateway that reports another amount
 * than the payment's. Such a payment stays as it was; the reconciliation no longer asks
 * about it, since only staff can resolve it (a refund, a correction).
 */
export const PAYMENT_PROBLEMS = ['payment-unrecordable', 'payment-amount-mismatch'] as const;

/** The condition, for a query of payments, that one carries a note of PAYMENT_PROBLEMS. */
export const withProblemNote = sql`exists (
  select 1 from ${audit_log}
  where ${audit_log.entity} = 'payment'
    and ${audit_log.entity_id} = ${payments.id}::text
    and ${audit_log.action} in (${sql.join(
      PAYMENT_PROBLEMS.map((action) => sql`${action}`),
      sql`, `,
    )})
)`;

/** The condition, for a query of payments, that one carries no note of PAYMENT_PROBLEMS. */
export const withoutProblemNote = sql`not ${withProblemNote}`;

interface ReportedPayment {
  id: number;
  user_id: number;
  kind: string;
  amount_cents: number;
  gateway: string;
  gateway_ref: string | null;
}

/**
 * The gateway says a payment was paid, but not its amount: it is refused (the caller records
 * nothing) and noted once in the audit log, with both amounts, for staff to look at. The
 * payment's row is locked while the note is written, so that the webhook, the return page
 * and the reconciliation meeting it at once leave one note.
 */
export async function reportAmountMismatch(
  ctx: AppContext,
  payment: ReportedPayment,
  gatewayAmountCents: number,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, payment.id)).for('update');
    const [noted] = await tx
      .select({ id: audit_log.id })
      .from(audit_log)
      .where(
        and(
          eq(audit_log.entity, 'payment'),
          eq(audit_log.entity_id, String(payment.id)),
          eq(audit_log.action, 'payment-amount-mismatch'),
        ),
      );
    if (noted) return;
    await tx.insert(audit_log).values({
      entity: 'payment',
      entity_id: String(payment.id),
      action: 'payment-amount-mismatch',
      actor_user_id: payment.user_id,
      changes: {
        kind: payment.kind,
        amount_cents: payment.amount_cents,
        gateway_amount_cents: gatewayAmountCents,
        gateway: payment.gateway,
        gateway_ref: payment.gateway_ref,
      },
    });
  });
}
