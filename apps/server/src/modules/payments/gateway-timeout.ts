import type { PaymentGateway } from './gateway.ts';

/**
 * How long a call to the gateway may take before it counts as out of reach: the payer is
 * told so, and whatever was under way is settled later (the return page, the webhook, the
 * reconciliation). Stripe's SDK is given the same limit (stripe-gateway.ts).
 */
export const GATEWAY_TIMEOUT_MS = 10_000;

export class GatewayTimeoutError extends Error {
  constructor(call: string, ms: number) {
    super(`the payment gateway did not answer ${call} within ${ms} ms`);
    this.name = 'GatewayTimeoutError';
  }
}

function withinTime<T>(call: string, ms: number, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new GatewayTimeoutError(call, ms)), ms);
    work().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * The gateway with a time limit on each of its network calls: one that does not answer in
 * time fails like one out of reach, so that no request waits on it for ever.
 */
export function withGatewayTimeout(gateway: PaymentGateway, ms: number = GATEWAY_TIMEOUT_MS): PaymentGateway {
  return {
    ...gateway,
    name: gateway.name,
    startCheckout: (request) => withinTime('startCheckout', ms, () => gateway.startCheckout(request)),
    retrieve: (ref) => withinTime('retrieve', ms, () => gateway.retrieve(ref)),
    expire: (ref) => withinTime('expire', ms, () => gateway.expire(ref)),
    refund: (request) => withinTime('refund', ms, () => gateway.refund(request)),
    checkoutOfCharge: (chargeRef) => withinTime('checkoutOfCharge', ms, () => gateway.checkoutOfCharge(chargeRef)),
  };
}
