import { ROUTES, routePath } from '@portal/contracts/routes';
import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact.ts';

const SECRET = 'Zq3_k-9secret';

describe('redactUrl', () => {
  it('hides the test gateway’s session address and the documents’ short links', () => {
    expect(redactUrl('/pay/test/ts_secret-session')).toBe('/pay/test/[REDACTED]');
    expect(redactUrl('/api/orderdocument/Ab3_secret-link-token')).toBe('/api/orderdocument/[REDACTED]');
    expect(redactUrl('/api/sponsorshipdocument/Ab3_secret-link-token')).toBe('/api/sponsorshipdocument/[REDACTED]');
  });

  it('hides a pay link’s page, its API calls and the result pages its payment returns to', () => {
    expect(redactUrl(`/sponsorship-pay/${SECRET}`)).toBe('/sponsorship-pay/[REDACTED]');
    expect(redactUrl(`/order-pay/${SECRET}`)).toBe('/order-pay/[REDACTED]');
    expect(redactUrl(`/api/sponsorshippaylink?link_key=${SECRET}`)).toBe('/api/sponsorshippaylink?link_key=[REDACTED]');
    expect(redactUrl(`/api/orderpaylink?link_key=${SECRET}&x=1`)).toBe('/api/orderpaylink?link_key=[REDACTED]&x=1');
    for (const page of [
      'sponsorship-payment-confirmed',
      'sponsorship-payment-error',
      'order-payment-confirmed',
      'order-payment-error',
    ]) {
      expect(redactUrl(`/${page}/${SECRET}`)).toBe(`/${page}/[REDACTED]`);
    }
    expect(redactUrl(`/api/sponsorshippaymentconfirm?payment_key=${SECRET}&return_via=cancel`)).toBe(
      '/api/sponsorshippaymentconfirm?payment_key=[REDACTED]&return_via=cancel',
    );
  });

  it('hides the keys of orders, enquiries and payments in a query, and the set-password key', () => {
    expect(redactUrl(`/api/orderconfirm?order_key=${SECRET}&payment_key=secret`)).toBe(
      '/api/orderconfirm?order_key=[REDACTED]&payment_key=[REDACTED]',
    );
    expect(redactUrl(`/api/enquirydetails?enq_key=${SECRET}`)).toBe('/api/enquirydetails?enq_key=[REDACTED]');
    expect(redactUrl(`/api/setpassword?securitykey=${SECRET}`)).toBe('/api/setpassword?securitykey=[REDACTED]');
    expect(redactUrl(`/set-password/${SECRET}?token=${SECRET}`)).toBe('/set-password/[REDACTED]?token=[REDACTED]');
  });

  it('hides a school’s stored file name', () => {
    expect(redactUrl(`/api/orderfile/${SECRET}.pdf`)).toBe('/api/orderfile/[REDACTED]');
    expect(redactUrl(`/api/orderfile/${SECRET}.pdf?token=t`)).toBe('/api/orderfile/[REDACTED]?token=[REDACTED]');
  });

  it('hides the key of every page of the route table that has one', () => {
    const keyed = Object.entries(ROUTES).filter(([, r]) => r.path.includes(':key'));
    expect(keyed.length).toBeGreaterThan(10);
    for (const [name] of keyed) {
      const url = routePath(name as keyof typeof ROUTES, { key: SECRET });
      expect(redactUrl(url), name).not.toContain(SECRET);
      expect(redactUrl(url), name).toContain('[REDACTED]');
    }
  });

  it('leaves a URL without secrets as it is', () => {
    expect(redactUrl('/api/products?category=planners&page=2')).toBe('/api/products?category=planners&page=2');
    expect(redactUrl('/sponsor/sponsorship/12')).toBe('/sponsor/sponsorship/12');
    expect(redactUrl('/api/orderproof/7')).toBe('/api/orderproof/7');
  });
});
