import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { test_gateway_refunds, test_gateway_sessions } from '../../db/schema/index.ts';
import { randomToken } from '../../lib/tokens.ts';
import type { CheckoutState, PaymentGateway, RefundResult } from './gateway.ts';

/** Where the test gateway's hosted page is served; the session id is its only key. */
export const TEST_PAY_PATH = '/pay/test/:sessionId';

export type TestSession = typeof test_gateway_sessions.$inferSelect;

/**
 * The hosted page's hidden form token: an HMAC of the session id keyed with our payment's
 * key, which only the server holds beside the session. A cross-site form that knows the
 * session's address still cannot pay it.
 */
export function formTokenOf(session: Pick<TestSession, 'id' | 'reference'>): string {
  return createHmac('sha256', session.reference).update(`test-pay:${session.id}`).digest('base64url');
}

export function isFormToken(session: Pick<TestSession, 'id' | 'reference'>, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(formTokenOf(session));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function findTestSession(db: Database, id: string): Promise<TestSession | undefined> {
  return db
    .select()
    .from(test_gateway_sessions)
    .where(eq(test_gateway_sessions.id, id))
    .then((rows) => rows[0]);
}

/** Records what the payer's test card did to an open session; false when it was no longer open. */
export async function settleTestSession(db: Database, id: string, outcome: 'paid' | 'declined', last4: string) {
  const changed = await db
    .update(test_gateway_sessions)
    .set({ status: outcome, card_last4: last4, ...(outcome === 'paid' ? { paid_at: new Date() } : {}) })
    .where(and(eq(test_gateway_sessions.id, id), eq(test_gateway_sessions.status, 'open')))
    .returning({ id: test_gateway_sessions.id });
  return changed.length > 0;
}

/**
 * The built-in gateway for development and tests (D13): its sessions are rows of
 * test_gateway_sessions and its hosted page is served by this server. Never used in
 * production (config refuses to start there without Stripe).
 */
export function createTestGateway(db: Database, publicUrl: string): PaymentGateway {
  return {
    name: 'test',
    async startCheckout(request) {
      const id = `ts_${randomToken()}`;
      await db.insert(test_gateway_sessions).values({
        id,
        amount_cents: request.amountCents,
        description: request.description,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        reference: request.paymentKey,
      });
      return { ref: id, url: `${publicUrl}${TEST_PAY_PATH.replace(':sessionId', id)}` };
    },
    async retrieve(ref): Promise<CheckoutState> {
      const session = await findTestSession(db, ref);
      if (!session) return { status: 'expired', amountCents: 0 };
      return { status: session.status, amountCents: session.amount_cents };
    },
    async expire(ref) {
      await db
        .update(test_gateway_sessions)
        .set({ status: 'expired' })
        .where(and(eq(test_gateway_sessions.id, ref), eq(test_gateway_sessions.status, 'open')));
    },
    // As Stripe does: a paid session gives back at most what it took, and a refund key asked
    // again answers the refund it made.
    refund({ checkoutRef, amountCents, refundKey }) {
      return db.transaction(async (tx): Promise<RefundResult> => {
        const [session] = await tx
          .select()
          .from(test_gateway_sessions)
          .where(eq(test_gateway_sessions.id, checkoutRef))
          .for('update');
        const [made] = await tx
          .select()
          .from(test_gateway_refunds)
          .where(eq(test_gateway_refunds.refund_key, refundKey));
        if (made) return { ref: made.id, status: 'succeeded' };
        if (session?.status !== 'paid') return { ref: '', status: 'failed', failure: 'The charge was not paid.' };
        const [given] = await tx
          .select({ cents: sum(test_gateway_refunds.amount_cents).mapWith(Number) })
          .from(test_gateway_refunds)
          .where(eq(test_gateway_refunds.session_id, checkoutRef));
        if ((given?.cents ?? 0) + amountCents > session.amount_cents) {
          return { ref: '', status: 'failed', failure: 'The refund is more than the charge has left.' };
        }
        const id = `tr_${randomToken()}`;
        await tx
          .insert(test_gateway_refunds)
          .values({ id, session_id: checkoutRef, amount_cents: amountCents, refund_key: refundKey });
        return { ref: id, status: 'succeeded' };
      });
    },
    // The test gateway's charge is its session: a charge it knows is the session of that id.
    async checkoutOfCharge(chargeRef) {
      const [session] = await db
        .select({ id: test_gateway_sessions.id })
        .from(test_gateway_sessions)
        .where(eq(test_gateway_sessions.id, chargeRef));
      return session?.id;
    },
  };
}
