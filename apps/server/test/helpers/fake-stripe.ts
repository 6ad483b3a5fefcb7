import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeApiAddress } from '../../src/modules/payments/stripe-gateway.ts';

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

  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    requests.push({ method: req.method ?? '', path, form, headers: req.headers });
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

  return {
    address: { host: '127.0.0.1', port, protocol: 'http' },
    sessions,
    requests,
    pay(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      session.status = 'complete';
      session.payment_status = 'paid';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
