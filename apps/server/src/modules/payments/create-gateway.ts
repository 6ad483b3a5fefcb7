import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentGateway } from './gateway.ts';
import { createStripeGateway } from './stripe-gateway.ts';
import { createTestGateway } from './test-gateway.ts';

/** Stripe when its keys are configured, else the built-in test gateway (which config refuses in production). */
export function createGateway(config: Config, db: Database): PaymentGateway {
  if (config.stripeSecretKey && config.stripeWebhookSecret) {
    return createStripeGateway({ secretKey: config.stripeSecretKey, webhookSecret: config.stripeWebhookSecret });
  }
  return createTestGateway(db, config.publicUrl);
}
