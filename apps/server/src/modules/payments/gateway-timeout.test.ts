import { describe, expect, it } from 'vitest';
import type { PaymentGateway } from './gateway.ts';
import { GatewayTimeoutError, withGatewayTimeout } from './gateway-timeout.ts';

const never = () => new Promise<never>(() => {});

function gatewayOf(calls: Partial<PaymentGateway>): PaymentGateway {
  return {
    name: 'test',
    startCheckout: never,
    retrieve: never,
    expire: never,
    refund: never,
    checkoutOfCharge: never,
    ...calls,
  };
}

describe('withGatewayTimeout', () => {
  it('fails a call that does not answer in time, each of startCheckout, retrieve, expire and refund', async () => {
    const gateway = withGatewayTimeout(gatewayOf({}), 20);
    const request = { paymentKey: 'k', amountCents: 100, description: 'd', successUrl: 's', cancelUrl: 'c' };
    await expect(gateway.startCheckout(request)).rejects.toBeInstanceOf(GatewayTimeoutError);
    await expect(gateway.retrieve('ref')).rejects.toThrow('the payment gateway did not answer retrieve within 20 ms');
    await expect(gateway.expire('ref')).rejects.toBeInstanceOf(GatewayTimeoutError);
    await expect(gateway.refund({ checkoutRef: 'ref', amountCents: 100, refundKey: 'r' })).rejects.toThrow(
      'the payment gateway did not answer refund within 20 ms',
    );
  });

  it('passes on what the gateway answers in time, and its own errors, keeping its name', async () => {
    const gateway = withGatewayTimeout(
      gatewayOf({
        retrieve: async (ref) => ({ status: 'paid', amountCents: ref.length }),
        expire: async () => {
          throw new Error('No such checkout.session');
        },
      }),
      1_000,
    );
    expect(gateway.name).toBe('test');
    await expect(gateway.retrieve('abc')).resolves.toEqual({ status: 'paid', amountCents: 3 });
    await expect(gateway.expire('abc')).rejects.toThrow('No such checkout.session');
  });
});
