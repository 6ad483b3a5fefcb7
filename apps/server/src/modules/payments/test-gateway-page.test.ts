import { describe, expect, it } from 'vitest';
import { formTokenOf, isFormToken, type TestSession } from './test-gateway.ts';
import { paymentFormPage, sessionClosedPage } from './test-gateway-page.ts';

const session: TestSession = {
  id: 'ts_abc',
  amount_cents: 123450,
  currency: 'usd',
  description: 'Order #7: <Planner> & co',
  success_url: 'http://portal.test/order-confirmed/k?payment_key=p',
  cancel_url: 'http://portal.test/payment-error/k?payment_key=p&x=1',
  reference: 'payment-key-secret',
  status: 'open',
  card_last4: null,
  paid_at: null,
  created_at: new Date(),
  updated_at: new Date(),
};

describe('the test gateway’s hosted page', () => {
  it('labels every field, shows the amount and what it pays for, escaped, and runs no script', () => {
    const html = paymentFormPage(session, 'tok');
    for (const [id, label] of [
      ['card_number', 'Card number'],
      ['expiry', 'Expiry'],
      ['cvc', 'CVC'],
      ['name', 'Name on card'],
    ]) {
      expect(html).toContain(`<label for="f-${id}">${label}</label>`);
      expect(html).toContain(`id="f-${id}" name="${id}"`);
    }
    expect(html).toContain('<h1>Test payment</h1>');
    expect(html).toContain('<button type="submit">Pay $1,234.50</button>');
    expect(html).toContain('Order #7: &lt;Planner&gt; &amp; co');
    expect(html).toContain('href="http://portal.test/payment-error/k?payment_key=p&amp;x=1">Cancel and return</a>');
    expect(html).toContain('<form method="post" action="/pay/test/ts_abc"');
    expect(html).toContain('<input type="hidden" name="form_token" value="tok">');
    expect(html).not.toMatch(/<script|\son\w+=/i);
  });

  it('asks a phone for its number pad and the browser for the card’s saved details', () => {
    const html = paymentFormPage(session, 'tok');
    for (const [id, autocomplete] of [
      ['card_number', 'cc-number'],
      ['expiry', 'cc-exp'],
      ['cvc', 'cc-csc'],
    ]) {
      expect(html).toMatch(new RegExp(`id="f-${id}"[^>]* autocomplete="${autocomplete}"[^>]* inputmode="numeric"`));
    }
    expect(html).toMatch(/id="f-name"[^>]* autocomplete="cc-name"/);
    expect(html).not.toMatch(/id="f-name"[^>]* inputmode/);
  });

  it('ties each field’s message to its input', () => {
    const html = paymentFormPage(session, 'tok', { expiry: '01/20' }, { expiry: 'This card has expired.' });
    expect(html).toContain('aria-invalid="true" aria-describedby="f-expiry-error"');
    expect(html).toContain('<p class="error" id="f-expiry-error">This card has expired.</p>');
    expect(html).toContain('value="01/20"');
    expect(html).toContain('role="alert"');
  });

  it('says a paid session is already paid, with the way back to the order', () => {
    const html = sessionClosedPage({ ...session, status: 'paid' });
    expect(html).toContain('Already paid');
    expect(html).toContain('href="http://portal.test/order-confirmed/k?payment_key=p"');
    expect(html).not.toContain('<form');
  });

  it('makes a form token that depends on the session and its payment, and checks it in constant time', () => {
    const token = formTokenOf(session);
    expect(isFormToken(session, token)).toBe(true);
    expect(isFormToken(session, undefined)).toBe(false);
    expect(isFormToken(session, `${token}x`)).toBe(false);
    expect(formTokenOf({ ...session, id: 'ts_other' })).not.toBe(token);
    expect(formTokenOf({ ...session, reference: 'another-payment' })).not.toBe(token);
  });
});
