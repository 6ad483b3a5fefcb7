import { setTimeout as sleep } from 'node:timers/promises';
import { USER_TYPE } from '@portal/contracts/constants';
import { centsToDecimal } from '@portal/contracts/money';
import { type Answer, Browser, CallFailed } from './client.ts';
import type { Ledger, OrderRecord } from './ledger.ts';
import type { Recorder } from './stats.ts';

/** The accounts and catalogue the run's users work with, made before it starts (prepare.ts). */
export interface Population {
  schools: Account[];
  sponsors: (Account & { sponsorships: { id: number; totalCents: number }[] })[];
  staff: Account;
  catalogue: { categories: string[]; products: string[]; searches: string[]; plannerSlug: string; plannerId: number };
}

export interface Account {
  email: string;
  password: string;
}

export interface Run {
  url: string;
  recorder: Recorder;
  ledger: Ledger;
  population: Population;
  /** performance.now() at which users stop starting new steps. */
  until: number;
  /** The most a user waits between two steps, in ms (a uniform wait from a fifth of it). */
  thinkMs: number;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));
const think = (run: Run) => sleep(between(run.thinkMs / 5, run.thinkMs));
const running = (run: Run) => performance.now() < run.until;
/** Dollars as the API's decimal answers write them ("1234.50", or a number), in cents. */
export const toCents = (dollars: unknown) => Math.round(Number(dollars) * 100);

/** Runs `journey` again and again until the run's time is over; a failed call ends one journey, not the user. */
async function loop(run: Run, journey: (round: number) => Promise<void>): Promise<void> {
  for (let round = 0; running(run); round++) {
    try {
      await journey(round);
    } catch (error) {
      if (!(error instanceof CallFailed)) throw error;
    }
    await think(run);
  }
}

// ---------------------------------------------------------------- visitors

/** A visitor browsing: the home page, a category, a product, a search and its suggestions. */
export async function visitor(run: Run): Promise<void> {
  const b = new Browser(run.url, run.recorder);
  await b.open();
  const { catalogue } = run.population;
  await loop(run, async () => {
    await b.call('home page', '/');
    await think(run);
    await b.call('category', `/api/category?slug=${pick(catalogue.categories)}&page=1&limit=24`);
    await think(run);
    await b.call('product page', `/api/productinfo?slug=${pick(catalogue.products)}`);
    await think(run);
    const words = pick(catalogue.searches);
    await b.call('search suggestions', `/api/searchproduct?search_term=${encodeURIComponent(words.slice(0, 4))}`);
    await b.call('search', `/api/advancesearch?search=${encodeURIComponent(words)}&page=1&limit=24`);
  });
}

// ---------------------------------------------------------------- the test gateway

const CARD = { card_number: '4242 4242 4242 4242', cvc: '123', name: 'Load Test Payer' };
const expiry = () => {
  const now = new Date();
  return `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String((now.getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
};
/** The path and query of one of the app's addresses (its PUBLIC_URL names localhost). */
const pathOf = (address: string) => {
  const url = new URL(address);
  return `${url.pathname}${url.search}`;
};

/**
 * Pays on the test gateway's hosted page as a payer does (opens it, sends its form with a
 * paying card), follows the gateway back to the return page, and answers the payment's key.
 * The key is in doubt from the moment the page is sent until its confirmation is read.
 */
async function payOnGateway(b: Browser, run: Run, payer: string, gatewayUrl: string): Promise<{ paymentKey: string }> {
  const page = await b.call('gateway page', pathOf(gatewayUrl));
  const token = /name="form_token" value="([^"]+)"/.exec(page.text)?.[1];
  if (!token) return b.wrong('gateway page', 'the hosted page has no form token');
  await think(run);
  const paid = await b.call('gateway pay', pathOf(gatewayUrl), {
    form: { ...CARD, expiry: expiry(), form_token: token },
    expect: 303,
  });
  const back = paid.headers.get('location') ?? '';
  const url = new URL(back, run.url);
  const paymentKey = url.searchParams.get('payment_key') ?? url.pathname.split('/').at(-1) ?? '';
  if (!paymentKey) return b.wrong('gateway pay', `no payment key in the return address ${back}`);
  run.ledger.uncertain.set(paymentKey, payer);
  await b.call('return page', pathOf(url.href));
  return { paymentKey };
}

/** A payment's outcome read and acknowledged: no longer in doubt. */
function settle(run: Run, paymentKey: string) {
  run.ledger.uncertain.delete(paymentKey);
}

async function signIn(b: Browser, account: Account, usertype: number, operation: string): Promise<string> {
  const answer = await b.call(operation, '/api/login', {
    body: { username: account.email, password: account.password, usertype, remember: false },
  });
  return answer.json.token as string;
}

// ---------------------------------------------------------------- schools

/** The form's answers a school gives, changing from save to save. */
function formAnswers(schoolYear: string, round: number): Record<string, unknown> {
  return {
    school_year: schoolYear,
    noprimary_planners: String(between(50, 400)),
    nostandard_planners: String(between(0, 200)),
    no8511_planners: '',
    no69_planners: '',
    cust_pages: '2',
    nocust_pages: String(between(1, 8)),
    vinyl_pockets: '2',
    cover_optn: '2',
    cover_optn_school_name: `Palm Grove Elementary ${round}`,
    delivery_optn: String(between(1, 2)),
    ss_car_mag_add: '2',
    tax: '1',
    payment_method: '3',
    purchase_order: `PO-${between(1000, 9999)}`,
    agreed: false,
  };
}

/** What a save's answer says the order now holds: the answers sent, as the server echoes them, and its total. */
function acknowledgeSave(order: OrderRecord, sent: Record<string, unknown>, answer: Answer) {
  const echoed = answer.json.custom_fields as Record<string, unknown>;
  order.answers = Object.fromEntries(Object.keys(sent).map((field) => [field, echoed[field]]));
  order.totalCents = toCents(answer.json.total_amount);
  order.status = answer.json.order_status as string;
}

/**
 * A school (one of those this user stands for, in turn) signed in once: opens the planner,
 * starts a reservation, saves the form three times with changing answers, then either
 * completes the reservation or finalizes the order and pays it on the test gateway.
 */
export async function school(run: Run, accounts: readonly Account[]): Promise<void> {
  if (accounts.length === 0) return;
  const b = new Browser(run.url, run.recorder);
  await b.open();
  const tokens = new Map<Account, string>();
  const { catalogue } = run.population;
  await loop(run, async (round) => {
    const account = accounts[round % accounts.length] as Account;
    let token = tokens.get(account);
    if (!token) {
      token = await signIn(b, account, USER_TYPE.school, 'school sign-in');
      tokens.set(account, token);
      await think(run);
    }
    await b.call('product page', `/api/productinfo?slug=${catalogue.plannerSlug}`);
    await think(run);
    const cart = await b.call('start reservation', '/api/addtocartv2', {
      body: { product_id: catalogue.plannerId, qty: 1 },
      token,
    });
    const orderKey = cart.json.order_key as string;
    const order = run.ledger.order(orderKey);
    try {
      await journeyOfOrder(b, run, token, account.email, order, round);
      order.done = true;
    } catch (error) {
      run.ledger.uncertainOrders.add(orderKey);
      throw error;
    }
  });
}

async function journeyOfOrder(b: Browser, run: Run, token: string, payer: string, order: OrderRecord, round: number) {
  const orderKey = order.orderKey;
  const form = await b.call('open form', `/api/temporder?order_key=${encodeURIComponent(orderKey)}`, { token });
  const schoolYear = (form.json.rangeyear as string[]).at(-1) ?? '';
  for (let save = 0; save < 3; save++) {
    await think(run);
    const answers = formAnswers(schoolYear, save);
    const saved = await b.call('save draft', '/api/updatetemporder', {
      body: { order_key: orderKey, draft: 1, status: 'Pending', ...answers, changed: Object.keys(answers) },
      token,
    });
    acknowledgeSave(order, answers, saved);
  }
  await think(run);
  const pays = round % 2 === 1;
  const answers = {
    ...formAnswers(schoolYear, 3),
    agreed: true,
    payment_method: pays ? '2' : '3',
  };
  const completed = await b.call(pays ? 'finalize order' : 'complete reservation', '/api/updatetemporder', {
    body: {
      order_key: orderKey,
      draft: 0,
      status: pays ? 'Order Placed' : 'Reserved',
      ...answers,
      changed: Object.keys(answers),
    },
    token,
  });
  acknowledgeSave(order, answers, completed);
  if (!pays) return;

  await think(run);
  const checkout = await b.call('checkout', `/api/checkout?order_key=${encodeURIComponent(orderKey)}`, { token });
  const amountCents = toCents(checkout.json.order.total_amount);
  await think(run);
  const placed = await b.call('place order', '/api/placeorder', {
    body: { order_key: orderKey, payment_method: '2', tnc: '1' },
    token,
  });
  if (placed.json.type !== 'external') return b.wrong('place order', `answered ${placed.text.slice(0, 200)}`);
  const { paymentKey } = await payOnGateway(b, run, payer, placed.json.redirect as string);
  const confirmed = await b.call(
    'order confirmation',
    `/api/orderconfirm?order_key=${encodeURIComponent(orderKey)}&payment_key=${encodeURIComponent(paymentKey)}&return_via=success`,
    { token },
  );
  if (confirmed.json.payment_result !== 'paid' || confirmed.json.payment_status !== 'paid') {
    return b.wrong('order confirmation', `not paid: ${confirmed.text.slice(0, 200)}`);
  }
  settle(run, paymentKey);
  run.ledger.payments.set(paymentKey, { paymentKey, kind: 'order', payer, amountCents, orderKey, allocations: [] });
  order.paid = true;
  order.status = confirmed.json.order_status as string;
}

// ---------------------------------------------------------------- sponsors

/**
 * A sponsor (of those this user stands for, in turn), signed in once: looks at the list and
 * one sponsorship, and pays part of it on the test gateway; every third visit pays two
 * sponsorships in full at once (the bulk payment), the others left out.
 */
export async function sponsor(run: Run, accounts: Population['sponsors']): Promise<void> {
  if (accounts.length === 0) return;
  const b = new Browser(run.url, run.recorder);
  await b.open();
  const tokens = new Map<Account, string>();
  const left = (id: number, totalCents: number) => totalCents - (run.ledger.sponsorshipPaid().get(id) ?? 0);
  await loop(run, async (round) => {
    const account = accounts[round % accounts.length] as Population['sponsors'][number];
    const payable = account.sponsorships.filter((s) => left(s.id, s.totalCents) > 0);
    if (payable.length === 0) return;
    let token = tokens.get(account);
    if (!token) {
      token = await signIn(b, account, USER_TYPE.sponsor, 'sponsor sign-in');
      tokens.set(account, token);
      await think(run);
    }
    await b.call('sponsorship list', '/api/sponsorship?page=1', { token });
    await think(run);
    if (round % 3 === 2 && payable.length >= 2) {
      await payBulk(b, run, token, account, payable.slice(0, 2));
      return;
    }
    const chosen = pick(payable);
    await b.call('sponsorship details', `/api/sponsorshipdetails?sponsorship_id=${chosen.id}`, { token });
    await think(run);
    const cents = Math.min(left(chosen.id, chosen.totalCents), between(20, 90) * 100 + between(0, 99));
    const started = await b.call('pay sponsorship', '/api/sponsorshippayment', {
      body: { sponsorship_id: chosen.id, amount: centsToDecimal(cents) },
      token,
    });
    const { paymentKey } = await payOnGateway(b, run, account.email, started.json.paymentLink as string);
    const confirmed = await b.call(
      'sponsorship confirmation',
      `/api/sponsorshipconfirm?payment_key=${encodeURIComponent(paymentKey)}&return_via=success`,
      { token },
    );
    if (confirmed.json.payment_result !== 'paid') {
      return b.wrong('sponsorship confirmation', `not paid: ${confirmed.text.slice(0, 200)}`);
    }
    settle(run, paymentKey);
    run.ledger.payments.set(paymentKey, {
      paymentKey,
      kind: 'sponsorship',
      payer: account.email,
      amountCents: cents,
      allocations: [{ sponsorshipId: chosen.id, cents }],
    });
  });
}

async function payBulk(
  b: Browser,
  run: Run,
  token: string,
  account: Population['sponsors'][number],
  chosen: { id: number }[],
) {
  const exclude = account.sponsorships.filter((s) => !chosen.some((c) => c.id === s.id)).map((s) => s.id);
  const listed = await b.call('bulk payment page', `/api/sponsorshipbulk?exclude_sponsorships=${exclude.join(',')}`, {
    token,
  });
  const included = (listed.json.sponsorships as { sponsorship_id: number; checked: number; total_amount: number }[])
    .filter((s) => s.checked === 1)
    .map((s) => ({ sponsorshipId: s.sponsorship_id, cents: s.total_amount }));
  const amountCents = listed.json.total_bulk_amount as number;
  await think(run);
  const started = await b.call('pay bulk', '/api/paybulksponsorship', {
    body: { exclude_sponsorships: exclude },
    token,
  });
  const { paymentKey } = await payOnGateway(b, run, account.email, started.json.redirect as string);
  const confirmed = await b.call(
    'bulk confirmation',
    `/api/bulksponsorshipconfirm?payment_key=${encodeURIComponent(paymentKey)}&return_via=success`,
    { token },
  );
  if (confirmed.json.payment_result !== 'paid' || confirmed.json.payment_status !== 1) {
    return b.wrong('bulk confirmation', `not paid: ${confirmed.text.slice(0, 200)}`);
  }
  settle(run, paymentKey);
  run.ledger.payments.set(paymentKey, {
    paymentKey,
    kind: 'bulk',
    payer: account.email,
    amountCents,
    allocations: included,
  });
}

// ---------------------------------------------------------------- staff

const NEXT_STATUS: Record<string, (delivery: string) => string> = {
  Reserved: () => 'Order Placed',
  'Order Placed': () => 'In production',
  'In production': (delivery) => (delivery === '1' ? 'Ready for pickup' : 'Shipped'),
  Shipped: () => 'Delivered',
  'Ready for pickup': () => 'Delivered',
};

/**
 * A member of staff (one of `of`, each moving only its share of the orders, so that two never
 * move one order at once): lists the orders, opens one whose school has finished with it,
 * and moves it one step on (an order placed to pay by card only once it is paid).
 */
export async function staff(run: Run, token: string, index: number, of: number): Promise<void> {
  const b = new Browser(run.url, run.recorder);
  await b.open();
  await loop(run, async (round) => {
    await b.call('staff order list', `/api/admin/orders?page=${1 + (round % 3)}`, { token });
    await think(run);
    const listed = await b.call(
      'staff order list (filtered)',
      `/api/admin/orders?status=${encodeURIComponent('Reserved,Order Placed,In production,Shipped,Ready for pickup')}&sort=date&dir=asc`,
      { token },
    );
    const rows = listed.json.orders as {
      order_id: number;
      order_key: string;
      status: string;
      payment_status: string;
    }[];
    const movable = rows.filter((row) => {
      const order = run.ledger.orders.get(row.order_key);
      if (!order?.done || row.order_id % of !== index || order.status !== row.status) return false;
      return row.status !== 'Order Placed' || order.paid || String(order.answers?.payment_method) !== '2';
    });
    const row = movable[0];
    if (!row) return;
    const order = run.ledger.orders.get(row.order_key) as OrderRecord;
    await think(run);
    await b.call('staff order details', `/api/admin/orders/${row.order_id}`, { token });
    await think(run);
    const to = NEXT_STATUS[row.status]?.(String(order.answers?.delivery_optn ?? ''));
    if (!to) return;
    try {
      await b.call('staff status move', `/api/admin/orders/${row.order_id}/status`, { body: { status: to }, token });
    } catch (error) {
      run.ledger.uncertainOrders.add(row.order_key);
      throw error;
    }
    order.moves.push({ from: row.status, to });
    order.status = to;
  });
}

/** Signs a member of staff in through the employee login. */
export async function staffToken(url: string, recorder: Recorder, account: Account): Promise<string> {
  const b = new Browser(url, recorder);
  await b.open();
  const answer = await b.call('staff sign-in', '/api/admin/login', {
    body: { username: account.email, password: account.password, remember: false },
  });
  return answer.json.token as string;
}
