import { MIN_CARD_PAYMENT_CENTS } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { payments, users } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { randomToken } from '../../lib/tokens.ts';
import { recordChange } from '../audit/record-change.ts';
import { gatewayUnavailable, markPaymentFailed } from './confirm-payment.ts';
import { insertPayment } from './insert-payment.ts';
import type { Allocation, PaymentKind } from './payment-kinds.ts';

export interface StartPaymentInput {
  payerId: number;
  kind: PaymentKind;
  allocations: Allocation[];
  /** What is paid for, shown on the gateway's page. */
  description: string;
  /** Where the gateway sends the payer back; `{payment_key}` is replaced by the new payment's key. */
  successUrl: string;
  cancelUrl: string;
  /** The pay link the payer came by, when not signed in (payments.pay_link_id). */
  payLinkId?: number;
  /** The payer's address, for the payment's history. */
  ip?: string | undefined;
}

export interface StartedPayment {
  paymentKey: string;
  /** The gateway's hosted page the payer is sent to. */
  url: string;
}

/**
 * Starts a card payment of the allocations' sum: the payment and its allocations are
 * written in one transaction with what they pay locked by its owner (which refuses what
 * cannot be paid), then the gateway's checkout is opened. A gateway out of reach leaves
 * the payment failed, so that nothing stays in flight.
 */
export async function startPayment(ctx: AppContext, input: StartPaymentInput): Promise<StartedPayment> {
  const amountCents = input.allocations.reduce((sum, a) => sum + a.amount_cents, 0);
  if (input.allocations.length === 0 || amountCents < MIN_CARD_PAYMENT_CENTS) throw badRequest(MSG.paymentBelowMinimum);
  const paymentKey = randomToken();
  const payment = await ctx.db.transaction(async (tx) => {
    const row = await insertPayment(
      tx,
      {
        payment_key: paymentKey,
        kind: input.kind,
        user_id: input.payerId,
        amount_cents: amountCents,
        gateway: ctx.gateway.name,
        pay_link_id: input.payLinkId ?? null,
      },
      input.allocations,
    );
    await recordChange(tx, {
      actorId: input.payerId,
      action: 'payment-started',
      entity: 'payment',
      entityId: row.id,
      before: null,
      after: {
        kind: input.kind,
        amount_cents: amountCents,
        gateway: ctx.gateway.name,
        ...(input.payLinkId ? { pay_link_id: input.payLinkId } : {}),
        pays: input.allocations.map((a) =>
          'order_id' in a ? `order ${a.order_id}` : `sponsorship ${a.sponsorship_id}`,
        ),
      },
      ip: input.ip,
    });
    return row;
  });

  const [payer] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, input.payerId));
  const withKey = (url: string) => url.replaceAll('{payment_key}', paymentKey);
  let started: Awaited<ReturnType<typeof ctx.gateway.startCheckout>>;
  try {
    started = await ctx.gateway.startCheckout({
      paymentKey,
      amountCents,
      description: input.description,
      successUrl: withKey(input.successUrl),
      cancelUrl: withKey(input.cancelUrl),
      ...(payer ? { customerEmail: payer.email } : {}),
    });
  } catch (error) {
    await markPaymentFailed(ctx.db, payment.id);
    throw gatewayUnavailable(error);
  }
  await ctx.db.update(payments).set({ gateway_ref: started.ref }).where(eq(payments.id, payment.id));
  return { paymentKey, url: started.url };
}
