import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import type { StripeApiAddress } from '../../src/modules/payments/stripe-gateway.ts';
import { STRIPE_WEBHOOK_PATH } from '../../src/modules/payments/stripe-webhook-routes.ts';

/**
 * A stand-in for Stripe's API at the network edge: the Checkout Session calls the adapter
 * makes (create, retrieve, expire), answered from memory, and every request kept for the
 * test to read. Tests change a session's state as a payer on Stripe's page would.
 */

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  customer_email: string | null;
}

export interface FakeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  headers: IncomingMessage['headers'];
}

export interface FakeStripe {
  address: StripeApiAddress;
  sessions: Map<string, FakeSession>;
  requests: FakeRequest[];
  /** How long every answer waits, as a slow Stripe does (0: at once); a test sets it and puts it back. */
  delayMs: number;
  /** As a payer finishing Stripe's page: complete and paid. */
  pay(id: string): void;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const requests: FakeRequest[] = [];
  let counter = 0;

  const fake: FakeStripe = {
    address: { host: '127.0.0.1', port: 0, protocol: 'http' },
    sessions,
    requests,
    pay(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      session.status = 'complete';
      session.payment_status = 'paid';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    delayMs: 0,
  };

  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    requests.push({ method: req.method ?? '', path, form, headers: req.headers });
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
      res.end(JSON.stringify(body));
    };
    const missing = () => send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });

    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      counter += 1;
      const id = `cs_test_${counter}`;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        mode: form.mode ?? '',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form['line_items[0][price_data][unit_amount]']) * Number(form['line_items[0][quantity]']),
        currency: form['line_items[0][price_data][currency]'] ?? '',
        client_reference_id: form.client_reference_id ?? null,
        metadata: { payment_key: form['metadata[payment_key]'] ?? '' },
        success_url: form.success_url ?? '',
        cancel_url: form.cancel_url ?? '',
        customer_email: form.customer_email ?? null,
      };
      sessions.set(id, session);
      return send(200, session);
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    const session = match ? sessions.get(decodeURIComponent(match[1] ?? '')) : undefined;
    if (!match || !session) return missing();
    if (req.method === 'GET' && !match[2]) return send(200, session);
    if (req.method === 'POST' && match[2]) {
      if (session.status !== 'open') {
        return send(400, { error: { type: 'invalid_request_error', message: 'Only open sessions can be expired.' } });
      }
      session.status = 'expired';
      return send(200, session);
    }
    return missing();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  fake.address = { host: '127.0.0.1', port, protocol: 'http' };
  return fake;
}

/**
 * Sends an event about a session to the app's webhook as Stripe does: JSON, signed with
 * `secret` by Stripe's own library, without our anti-forgery header.
 */
export function sendStripeEvent(
  app: FastifyInstance,
  fake: FakeStripe,
  secret: string,
  type: string,
  sessionId: string,
): Promise<LightMyRequestResponse> {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    data: { object: fake.sessions.get(sessionId) ?? { id: sessionId, object: 'checkout.session' } },
  });
  const signature = new Stripe('sk_test_signing').webhooks.generateTestHeaderString({ payload, secret });
  return app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}
