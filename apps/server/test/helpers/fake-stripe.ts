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
  /** Set once paid, as Stripe's is: the charge a refund is made of. */
  payment_intent: string | null;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded' | 'pending' | 'failed';
  failure_reason: string | null;
  metadata: Record<string, string>;
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
  /** Refunds made, by id. */
  refunds: Map<string, FakeRefund>;
  /** The status the next refunds are made with ('pending' as for a card whose bank answers later). */
  refundStatus: FakeRefund['status'];
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
  const refunds = new Map<string, FakeRefund>();
  /** The answer already given to an idempotency key: Stripe answers a repeated request the same. */
  const answered = new Map<string, unknown>();
  const requests: FakeRequest[] = [];
  let counter = 0;

  const fake: FakeStripe = {
    address: { host: '127.0.0.1', port: 0, protocol: 'http' },
    sessions,
    refunds,
    refundStatus: 'succeeded',
    requests,
    pay(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = `pi_${id}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    delayMs: 0,
  };

  const server: Server = createServer(async (req, res) => {
    const [path = '', query = ''] = (req.url ?? '').split('?');
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
        payment_intent: null,
      };
      sessions.set(id, session);
      return send(200, session);
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const key = String(req.headers['idempotency-key'] ?? '');
      if (key && answered.has(key)) return send(200, answered.get(key));
      const intent = form.payment_intent ?? '';
      const charged = [...sessions.values()].find((s) => s.payment_intent === intent);
      if (!charged)
        return send(404, { error: { type: 'invalid_request_error', message: `No such payment_intent: '${intent}'` } });
      const given = [...refunds.values()]
        .filter((r) => r.payment_intent === intent && r.status !== 'failed')
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = Number(form.amount ?? charged.amount_total - given);
      if (given + amount > charged.amount_total) {
        const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
        return send(400, {
          error: {
            type: 'invalid_request_error',
            message: `Refund amount (${money(amount)}) is greater than unrefunded amount on charge (${money(charged.amount_total - given)})`,
          },
        });
      }
      counter += 1;
      const refund: FakeRefund = {
        id: `re_test_${counter}`,
        object: 'refund',
        amount,
        payment_intent: intent,
        status: fake.refundStatus,
        failure_reason: null,
        metadata: { refund_key: form['metadata[refund_key]'] ?? '' },
      };
      refunds.set(refund.id, refund);
      if (key) answered.set(key, refund);
      return send(200, refund);
    }
    if (req.method === 'GET' && path === '/v1/checkout/sessions') {
      const intent = new URLSearchParams(query).get('payment_intent');
      const data = [...sessions.values()].filter((s) => intent === null || s.payment_intent === intent).slice(0, 1);
      return send(200, { object: 'list', url: '/v1/checkout/sessions', has_more: false, data });
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

/** Sends an event about a refund (refund.updated, refund.failed) to the app's webhook, signed as Stripe does. */
export function sendStripeRefundEvent(
  app: FastifyInstance,
  fake: FakeStripe,
  secret: string,
  type: string,
  refundId: string,
): Promise<LightMyRequestResponse> {
  return sendSigned(app, secret, type, fake.refunds.get(refundId) ?? { id: refundId, object: 'refund' });
}

/**
 * A refund made at Stripe's dashboard, not asked for by the app: kept as Stripe keeps it
 * (no metadata of ours) and its refund.created sent. Answers the refund, for replays.
 */
export function refundAtDashboard(fake: FakeStripe, paymentIntent: string, amount: number): FakeRefund {
  const refund: FakeRefund = {
    id: `re_dash_${randomBytes(6).toString('hex')}`,
    object: 'refund',
    amount,
    payment_intent: paymentIntent,
    status: 'succeeded',
    failure_reason: null,
    metadata: {},
  };
  fake.refunds.set(refund.id, refund);
  return refund;
}

/** A card dispute as Stripe sends it in charge.dispute.* events. */
export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  payment_intent: string;
  reason: string;
  status: 'warning_needs_response' | 'needs_response' | 'under_review' | 'won' | 'lost' | 'warning_closed';
  evidence_details: { due_by: number | null };
}

export function disputeOf(paymentIntent: string, amount: number, reason = 'fraudulent'): FakeDispute {
  return {
    id: `dp_${randomBytes(6).toString('hex')}`,
    object: 'dispute',
    amount,
    payment_intent: paymentIntent,
    reason,
    status: 'needs_response',
    evidence_details: { due_by: Math.floor(Date.parse('2026-12-20T23:59:59Z') / 1000) },
  };
}

/** Sends any Stripe object (a dispute, a refund as it stands) in an event of `type`, signed. */
export function sendStripeObjectEvent(
  app: FastifyInstance,
  secret: string,
  type: string,
  object: unknown,
): Promise<LightMyRequestResponse> {
  return sendSigned(app, secret, type, object);
}

function sendSigned(app: FastifyInstance, secret: string, type: string, object: unknown) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    data: { object },
  });
  const signature = new Stripe('sk_test_signing').webhooks.generateTestHeaderString({ payload, secret });
  return app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
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
  return sendSigned(app, secret, type, fake.sessions.get(sessionId) ?? { id: sessionId, object: 'checkout.session' });
}
