import { expect } from 'vitest';
import { TEST_PUBLIC_URL, type TestApp } from './test-app.ts';

/** The test gateway's hosted page as a payer's browser uses it: opened, then its form sent. */

export const CARDS = { paid: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

/** A future expiry as MM/YY. */
export function futureExpiry(): string {
  const now = new Date();
  return `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String((now.getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
}

/** The path of a hosted page's address (the app is driven without a network). */
export function pathOf(url: string): string {
  expect(url.startsWith(`${TEST_PUBLIC_URL}/pay/test/`), url).toBe(true);
  return url.slice(TEST_PUBLIC_URL.length);
}

export async function openHostedPage(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url: pathOf(url) });
  const token = /name="form_token" value="([^"]+)"/.exec(res.body)?.[1];
  return { res, token };
}

export interface CardFields {
  card_number?: string;
  expiry?: string;
  cvc?: string;
  name?: string;
  form_token?: string;
}

/** Posts the card form (a paying card by default) with the given form token, or none. */
function postCardForm(t: TestApp, url: string, fields: CardFields, token: string | undefined) {
  const body = new URLSearchParams({
    card_number: CARDS.paid,
    expiry: futureExpiry(),
    cvc: '123',
    name: 'Dana Whitfield',
    ...(token ? { form_token: token } : {}),
    ...fields,
  } as Record<string, string>);
  return t.app.inject({
    method: 'POST',
    url: pathOf(url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body.toString(),
  });
}

/** Sends the hosted page's form as a browser does: URL-encoded, no anti-forgery header, the page's token included unless given. */
export async function submitHostedPage(t: TestApp, url: string, fields: CardFields) {
  const { token } = await openHostedPage(t, url);
  return postCardForm(t, url, fields, token);
}

/** Sends the form without the page's token, as a cross-site form would. */
export function submitWithoutToken(t: TestApp, url: string, fields: CardFields = {}) {
  return postCardForm(t, url, fields, undefined);
}
