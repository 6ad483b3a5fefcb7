import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { payments, test_gateway_sessions } from '../../src/db/schema/index.ts';
import type { PaymentGateway } from '../../src/modules/payments/gateway.ts';
import { withGatewayTimeout } from '../../src/modules/payments/gateway-timeout.ts';
import { createTestGateway, settleTestSession } from '../../src/modules/payments/test-gateway.ts';
import { TEST_PUBLIC_URL, type TestApp } from './test-app.ts';

/** What is wrong with the gateway just now; a test changes it and puts it back. */
export interface GatewayFaults {
  /** Every call fails as a gateway out of reach does. */
  down: boolean;
  /** Every call answers this much later (beyond the time limit: as good as down). */
  delayMs: number;
}

export const healthyGateway = (): GatewayFaults => ({ down: false, delayMs: 0 });

/**
 * The built-in test gateway behind a switch of faults and the product's time limit on each
 * call (`timeoutMs`, short so that a slow gateway is found out quickly).
 */
export function faultyTestGateway(faults: GatewayFaults, timeoutMs = 1_000): (db: Database) => PaymentGateway {
  return (db) => {
    const real = createTestGateway(db, TEST_PUBLIC_URL);
    const fault = async () => {
      if (faults.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.delayMs));
      if (faults.down) throw new Error('connect ECONNREFUSED 127.0.0.1:443');
    };
    return withGatewayTimeout(
      {
        ...real,
        startCheckout: async (request) => {
          await fault();
          return real.startCheckout(request);
        },
        retrieve: async (ref) => {
          await fault();
          return real.retrieve(ref);
        },
        expire: async (ref) => {
          await fault();
          return real.expire(ref);
        },
        refund: async (request) => {
          await fault();
          return real.refund(request);
        },
      },
      timeoutMs,
    );
  };
}

/** Runs `work` with the gateway out of reach, then puts it back. */
export async function whileGatewayDown<T>(faults: GatewayFaults, work: () => Promise<T>): Promise<T> {
  faults.down = true;
  try {
    return await work();
  } finally {
    faults.down = false;
  }
}

/** The payer paid on the gateway's page, and the gateway's notice of it never arrived. */
export async function paidAtGatewayOnly(t: Pick<TestApp, 'db'>, ref: string): Promise<void> {
  if (!(await settleTestSession(t.db, ref, 'paid', '4242'))) throw new Error(`session ${ref} was not open`);
}

/** Moves a payment's start back in time, as if it had been started `minutes` ago. */
export async function startedMinutesAgo(t: Pick<TestApp, 'db'>, paymentId: number, minutes: number): Promise<void> {
  await t.db
    .update(payments)
    .set({ created_at: new Date(Date.now() - minutes * 60_000) })
    .where(eq(payments.id, paymentId));
}

/** The gateway's record of a checkout, as it stands. */
export async function gatewaySession(t: Pick<TestApp, 'db'>, ref: string) {
  const [row] = await t.db.select().from(test_gateway_sessions).where(eq(test_gateway_sessions.id, ref));
  if (!row) throw new Error(`no session ${ref}`);
  return row;
}
