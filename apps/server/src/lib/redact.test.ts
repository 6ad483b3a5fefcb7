import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact.ts';

describe('redactUrl', () => {
  it('hides the test gateway’s session address and the payment key of a return address', () => {
    expect(redactUrl('/pay/test/ts_secret-session')).toBe('/pay/test/[REDACTED]');
    expect(redactUrl('/api/orderdocument/Ab3_secret-link-token')).toBe('/api/orderdocument/[REDACTED]');
    expect(redactUrl('/api/sponsorshipdocument/Ab3_secret-link-token')).toBe('/api/sponsorshipdocument/[REDACTED]');
    expect(redactUrl('/api/orderconfirm?order_key=abc&payment_key=secret')).toBe(
      '/api/orderconfirm?order_key=abc&payment_key=[REDACTED]',
    );
  });

  it('leaves a URL without secrets as it is', () => {
    expect(redactUrl('/api/checkout?order_key=abc')).toBe('/api/checkout?order_key=abc');
  });
});
