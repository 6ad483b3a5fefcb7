import { OFFLINE_METHOD_LABELS, type OfflinePaymentBody } from '@portal/contracts/admin-sponsorships';
import { businessDay } from '@portal/contracts/business-time';
import { MSG } from '@portal/contracts/messages';
import { amountToCents } from '@portal/contracts/sponsorships';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { badRequest, conflict, fieldError } from '../../lib/errors.ts';
import { randomToken } from '../../lib/tokens.ts';
import { recordChange } from '../audit/record-change.ts';
import { queueDelivery } from '../mail/queue-mail.ts';
import { markPaymentSucceeded } from './confirm-payment.ts';
import { insertPayment } from './insert-payment.ts';
import { type Allocation, OFFLINE_GATEWAY, type PaymentKind } from './payment-kinds.ts';

export interface OfflinePaymentInput {
  /** Whose payment it is (the sponsor, or the school): its receipt goes to them. */
  payerId: number;
  kind: PaymentKind;
  allocations: Allocation[];
  /** What the payer and staff read as its reference, e.g. "Check 1042". */
  reference: string;
  /** When the money was received. */
  receivedAt: Date;
  /** Who recorded it and what they chose, for the audit row (`pay-offline`) written in the same transaction. */
  audit: {
    actorId: number;
    entity: 'order' | 'sponsorship';
    entityId: number;
    details: { method: string; received_on: string };
    ip?: string | undefined;
  };
  /** Run last in the same transaction (a test looks inside it, or makes it fail). */
  inTransaction?: (tx: Executor, paymentId: number) => Promise<void>;
}

/**
 * What staff typed about money received by hand, as a payment reads it: its amount in
 * cents, when it came (noon of that day in Tampa: never a future day), and its reference
 * as the receipt names it ("Check 1042").
 */
export function offlinePaymentFacts(ctx: AppContext, input: z.output<typeof OfflinePaymentBody>) {
  const amountCents = amountToCents(input.amount) ?? 0;
  if (amountCents <= 0) throw fieldError('amount', MSG.adminOfflineAmountZero);
  if (input.received_on > businessDay(ctx.clock())) throw fieldError('received_on', MSG.adminOfflineDateInFuture);
  return {
    amountCents,
    receivedAt: new Date(`${input.received_on}T12:00:00Z`),
    reference: `${OFFLINE_METHOD_LABELS[input.method]} ${input.reference}`,
  };
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * Records money staff received by hand (a check, a bank transfer) as a payment of the one
 * payment model: it is attached to what it pays exactly as a card payment is started (what
 * it pays locked, refused beyond what is left once the payments in flight are counted), then
 * confirmed by the same function that confirms a card payment, with its receipt, all in one
 * transaction. The same reference twice from one payer is refused: a check is recorded once
 * (another payer's check may carry the same number).
 */
export async function recordOfflinePayment(
  ctx: AppContext,
  input: OfflinePaymentInput,
): Promise<{ paymentId: number }> {
  const amountCents = input.allocations.reduce((sum, a) => sum + a.amount_cents, 0);
  if (input.allocations.length === 0 || amountCents <= 0) throw badRequest(MSG.adminOfflineAmountZero);
  let result: { paymentId: number };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const row = await insertPayment(
        tx,
        {
          payment_key: randomToken(),
          kind: input.kind,
          user_id: input.payerId,
          amount_cents: amountCents,
          gateway: OFFLINE_GATEWAY,
          gateway_ref: input.reference,
        },
        input.allocations,
      );
      const mailId = await markPaymentSucceeded(tx, row.id, input.receivedAt);
      if (mailId !== undefined) await queueDelivery(ctx.jobs, tx, mailId);
      await recordChange(tx, {
        actorId: input.audit.actorId,
        action: 'pay-offline',
        entity: input.audit.entity,
        entityId: input.audit.entityId,
        after: {
          payment_id: row.id,
          method: input.audit.details.method,
          reference: input.reference,
          amount_cents: amountCents,
          received_on: input.audit.details.received_on,
        },
        ip: input.audit.ip,
      });
      await input.inTransaction?.(tx, row.id);
      return { paymentId: row.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MSG.adminOfflineDuplicate, 'reference');
    throw error;
  }
  return { paymentId: result.paymentId };
}
