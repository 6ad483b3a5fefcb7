import { MSG } from '@portal/contracts/messages';
import { OrderDocumentLinkResponse } from '@portal/contracts/school-orders';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedInSchool, signedInSponsor } from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { issueOrderInvoice, schoolWithOrder, schoolWithPlacedOrder } from '../helpers/orders.ts';
import type { ApiOptions, TestApp } from '../helpers/test-app.ts';

const clocked = clockedCatalogueApp();
let t: TestApp;
beforeAll(() => {
  t = clocked.app();
});

const askLink = (token: string, body: Record<string, unknown>, options: ApiOptions = {}) =>
  t.api.post('/api/orderdocumentlink', { body, headers: bearer(token), ...options });

async function linkFor(token: string, body: Record<string, unknown>) {
  const res = await askLink(token, body);
  expect(res.statusCode, res.body).toBe(200);
  return OrderDocumentLinkResponse.parse(res.json()).url;
}

const reserved = () => schoolWithPlacedOrder(t, { status: 'Reserved', payment_method: '3' });

describe('POST /api/orderdocumentlink and GET /api/orderdocument/{token}', () => {
  it('opens the invoice without a session, as a PDF for the browser’s viewer', async () => {
    const school = await reserved();
    await issueOrderInvoice(t, school.orderKey, '2026-11-24');
    const url = await linkFor(school.token, { order_key: school.orderKey, type: 'invoice' });
    expect(url).toMatch(/^\/api\/orderdocument\/[A-Za-z0-9_-]{43}$/);

    const res = await t.api.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="invoice-INV-\d{6}\.pdf"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The same document as the API's own address gives, and again within the link's time.
    const direct = await t.api.get(`/api/orderinvoice?order_key=${school.orderKey}&type=invoice`, {
      headers: bearer(school.token),
    });
    expect(direct.rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await t.api.get(url)).rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('opens a quote of an order still being filled in, but no invoice before one is issued', async () => {
    const school = await schoolWithOrder(t);
    const url = await linkFor(school.token, { order_key: school.orderKey, type: 'quote' });
    const res = await t.api.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="quote-order-\d+-\d{4}-\d{2}-\d{2}\.pdf"$/);

    const invoice = await askLink(school.token, { order_key: school.orderKey, type: 'invoice' });
    expect(invoice.statusCode).toBe(409);
    expect(invoice.json().message).toBe(MSG.invoiceNotIssuedForSchool);
  });

  it('stops opening the document ten minutes after it was made', async () => {
    const school = await reserved();
    const url = await linkFor(school.token, { order_key: school.orderKey, type: 'quote' });
    clocked.setToday(new Date(Date.now() + 9 * 60_000));
    expect((await t.api.get(url)).statusCode).toBe(200);
    clocked.setToday(new Date(Date.now() + 11 * 60_000));
    const late = await t.api.get(url);
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe(MSG.documentLinkExpired);
  });

  it('opens nothing for a made-up or malformed link', async () => {
    const unknown = await t.api.get(`/api/orderdocument/${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.documentLinkExpired);
    expect((await t.api.get('/api/orderdocument/short')).statusCode).toBe(400);
  });

  it('makes links only for the school’s own orders, and only for schools', async () => {
    const school = await reserved();
    const other = await signedInSchool(t);
    const theirs = await askLink(other.token, { order_key: school.orderKey, type: 'quote' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).not.toHaveProperty('url');

    const sponsor = await signedInSponsor(t);
    expect((await askLink(sponsor.token, { order_key: school.orderKey, type: 'quote' })).statusCode).toBe(403);
    expect(
      (await t.api.post('/api/orderdocumentlink', { body: { order_key: school.orderKey, type: 'quote' } })).statusCode,
    ).toBe(401);
  });

  it('refuses a request without the anti-forgery header, a bad date or type', async () => {
    const school = await reserved();
    const body = { order_key: school.orderKey, type: 'quote' };
    expect((await askLink(school.token, body, { xsrfHeader: null })).statusCode).toBe(403);
    const badDate = await askLink(school.token, { ...body, date: '2026-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors.date).toBe(MSG.validDate);
    const badType = await askLink(school.token, { ...body, type: 'receipt' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors.type).toBe(MSG.documentTypeInvalid);
  });
});
