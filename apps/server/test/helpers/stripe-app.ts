import { expect } from 'vitest';
import { createStripeGateway } from '../../src/modules/payments/stripe-gateway.ts';
import { createCatalogueApp } from './catalogue.ts';
import { type FakeStripe, sendStripeEvent, startFakeStripe } from './fake-stripe.ts';
import { startedCardPayment, storedOrder } from './orders.ts';
import type { TestApp } from './test-app.ts';

export interface StripeTestApp {
  t: TestApp;
  stripeApi: FakeStripe;
  webhookSecret: string;
  close(): Promise<void>;
}

/**
 * The app with the catalogue, taking payments through the Stripe adapter against a fake of
 * Stripe's API (`fake-stripe.ts`), its webhook signed with `webhookSecret`.
 */
export async function createStripeTestApp(options: {
  secretKey: string;
  webhookSecret: string;
  timeoutMs?: number;
}): Promise<StripeTestApp> {
  const stripeApi = await startFakeStripe();
  const { secretKey, webhookSecret } = options;
  const t = await createCatalogueApp({
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret },
    gateway: () =>
      createStripeGateway({
        secretKey,
        webhookSecret,
        api: stripeApi.address,
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      }),
  });
  return {
    t,
    stripeApi,
    webhookSecret,
    async close() {
      stripeApi.delayMs = 0;
      await t.close();
      await stripeApi.close();
    },
  };
}

/** An order paid on Stripe's page and recorded by its webhook: its charge is `intent`. */
export async function orderPaidOnStripe({ t, stripeApi, webhookSecret }: StripeTestApp) {
  const { school, order, payment, ref } = await startedCardPayment(t);
  stripeApi.pay(ref);
  const hook = await sendStripeEvent(t.app, stripeApi, webhookSecret, 'checkout.session.completed', ref);
  expect(hook.statusCode, hook.body).toBe(200);
  expect((await storedOrder(t, school.orderKey)).payment_status).toBe('paid');
  return { school, order, payment, intent: `pi_${ref}` };
}
