import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentGateway } from './gateway.ts';
import { withGatewayTimeout } from './gateway-timeout.ts';
import { createTestGateway } from './test-gateway.ts';

/**
 * Stripe when its keys are configured, else the built-in test gateway (which config refuses
 * in production). Stripe's library, several megabytes of memory, is loaded only when its
 * keys are set. Either answers within GATEWAY_TIMEOUT_MS or fails as out of reach (Stripe's
 * SDK has the limit itself).
 */
export async function createGateway(config: Config, db: Database): Promise<PaymentGateway> {
  if (config.stripeSecretKey && config.stripeWebhookSecret) {
    const { createStripeGateway } = await import('./stripe-gateway.ts');
    return createStripeGateway({ secretKey: config.stripeSecretKey, webhookSecret: config.stripeWebhookSecret });
  }
  return withGatewayTimeout(createTestGateway(db, config.publicUrl));
}
