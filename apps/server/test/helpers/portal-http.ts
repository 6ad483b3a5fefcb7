import type { TProductInfoResponse } from '@portal/contracts/catalogue';
import { USER_TYPE, XSRF_COOKIE, XSRF_HEADER } from '@portal/contracts/constants';
import type { TTempOrderResponse, TUpdateTempOrderBody } from '@portal/contracts/orders';
import { CHOSEN_PASSWORD, uniqueEmail, uniqueIp } from './accounts.ts';
import { completeOrderForm, PLANNER } from './orders.ts';

/** A running server's answer: its status and body as read (JSON when it is JSON). */
export interface HttpAnswer {
  status: number;
  body: unknown;
  text: string;
}

/**
 * The API of a server running as a process, called as the web app calls it: the anti-forgery
 * cookie from a first visit echoed in its header on unsafe methods, a session as a bearer token.
 * A call that gets no answer within `timeoutMs` fails (a hang is a failure).
 */
export class PortalHttp {
  #xsrf: string | undefined;
  readonly url: string;
  readonly timeoutMs: number;

  constructor(url: string, timeoutMs = 15_000) {
    this.url = url;
    this.timeoutMs = timeoutMs;
  }

  async #cookie(): Promise<string> {
    if (this.#xsrf) return this.#xsrf;
    const response = await fetch(`${this.url}/`, { signal: AbortSignal.timeout(this.timeoutMs) });
    await response.arrayBuffer();
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      if (pair.slice(0, at).trim() === XSRF_COOKIE) this.#xsrf = pair.slice(at + 1).trim();
    }
    if (!this.#xsrf) throw new Error(`GET / (${response.status}) set no ${XSRF_COOKIE} cookie`);
    return this.#xsrf;
  }

  async get(path: string, token?: string): Promise<HttpAnswer> {
    return this.#send(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  }

  async post(path: string, body: unknown, token?: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    const xsrf = await this.#cookie();
    return this.#send(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [XSRF_HEADER]: xsrf,
        cookie: `${XSRF_COOKIE}=${xsrf}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: JSON.stringify(body),
    });
  }

  async #send(path: string, init: RequestInit): Promise<HttpAnswer> {
    const response = await fetch(`${this.url}${path}`, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    const text = await response.text();
    let body: unknown = text;
    if (response.headers.get('content-type')?.includes('json')) body = JSON.parse(text);
    return { status: response.status, body, text };
  }
}

/** Asks `call` and fails with what the server answered unless it is 200. */
export async function ok<T>(call: Promise<HttpAnswer>, what: string): Promise<T> {
  const answer = await call;
  if (answer.status !== 200) throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return answer.body as T;
}

/**
 * The header by which a server with `TRUST_PROXY: '1'` takes a request for one from a
 * visitor of its own: registrations count per address, and a test's many schools are as many
 * offices, not one. A server that trusts no proxy ignores it.
 */
export const asNewVisitor = () => ({ 'x-forwarded-for': uniqueIp() });

/** A school signed up through the registration call; its e-mail and session. */
export async function registerSchool(http: PortalHttp): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('school');
  const signedUp = await ok<{ token: string }>(
    http.post(
      '/api/loginnewreg',
      { email, password: CHOSEN_PASSWORD, usertype: USER_TYPE.school },
      undefined,
      asNewVisitor(),
    ),
    'loginnewreg',
  );
  return { email, token: signedUp.token };
}

/** A new Pending order of the planner for `token`'s school, as Order Now on the product page starts it, and its school year. */
export async function startOrder(http: PortalHttp, token: string): Promise<{ orderKey: string; schoolYear: string }> {
  const info = await ok<TProductInfoResponse>(http.get(`/api/productinfo?slug=${PLANNER}`), 'productinfo');
  const cart = await ok<{ order_key: string }>(
    http.post('/api/addtocartv2', { product_id: info.product.product_id, qty: 1 }, token),
    'addtocartv2',
  );
  const form = await ok<TTempOrderResponse>(
    http.get(`/api/temporder?order_key=${encodeURIComponent(cart.order_key)}`, token),
    'temporder',
  );
  return { orderKey: cart.order_key, schoolYear: form.rangeyear.at(-1) ?? '' };
}

/** The completed form (Complete Reservation, then Save Updates) reserving `planners` planners. */
export function reservation(orderKey: string, schoolYear: string, planners: number): TUpdateTempOrderBody {
  return completeOrderForm(orderKey, { school_year: schoolYear, noprimary_planners: String(planners) });
}
