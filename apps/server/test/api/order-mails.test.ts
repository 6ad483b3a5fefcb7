import { MSG } from '@portal/contracts/messages';
import { formatMoney } from '@portal/contracts/money';
import type { TUpdateTempOrderBody } from '@portal/contracts/orders';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { email_outbox } from '../../src/db/schema/index.ts';
import { bearer, signedInSchool } from '../helpers/accounts.ts';
import { createCatalogueApp, productIdOf } from '../helpers/catalogue.ts';
import { completeOrderForm, PLANNER, storedOrder } from '../helpers/orders.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let supportEmail: string;
beforeAll(async () => {
  t = await createCatalogueApp();
  supportEmail = (await t.ctx.cache.settings.get()).support_email;
  return () => t?.close();
});

/** A signed-in school (named `school_name`, or with no details yet) with a new Pending order of the planner. */
async function schoolWithOrder(school_name?: string) {
  const school = await signedInSchool(t, school_name === undefined ? {} : { school_name });
  const res = await t.api.post('/api/addtocartv2', {
    body: { product_id: await productIdOf(t, PLANNER) },
    headers: bearer(school.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...school, orderKey: res.json().order_key as string };
}

async function save(token: string, orderKey: string, extra: Partial<TUpdateTempOrderBody> = {}) {
  const res = await t.api.post('/api/updatetemporder', {
    body: completeOrderForm(orderKey, extra, t.ctx.clock()),
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The messages about order `orderId` after outbox row `after`: the school's and the staff's. */
async function mailsAbout(orderId: number, after = 0) {
  const rows = await t.db.select().from(email_outbox).where(gt(email_outbox.id, after)).orderBy(asc(email_outbox.id));
  return rows.filter((m) => m.subject.includes(`#${orderId} `) || m.subject.endsWith(`#${orderId}`));
}

const lastOutboxId = async () => {
  const [row] = await t.db.select({ id: sql<number>`coalesce(max(${email_outbox.id}), 0)` }).from(email_outbox);
  return Number(row?.id ?? 0);
};

/** The rows of the HTML part's tables of figures (not the layout's own): each `<tr>`'s cells as text. */
function htmlRows(html: string): string[][] {
  const tables = [...html.matchAll(/<table [^>]*border-collapse[^>]*>([\s\S]*?)<\/table>/g)].map((m) => m[1] ?? '');
  return tables.flatMap((table) =>
    [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) =>
      [...(m[1] ?? '').matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g)].map((c) => c[1] ?? ''),
    ),
  );
}

describe('POST /api/updatetemporder: the e-mails', () => {
  it('queues the e-mails in the transaction that writes the completed form', async () => {
    const school = await schoolWithOrder('Tide Pool Elementary');
    const from = await lastOutboxId();
    await save(school.token, school.orderKey);
    const order = await storedOrder(t, school.orderKey);
    const mails = await mailsAbout(order.id, from);
    expect(mails.map((m) => m.template)).toEqual(['order-reserved', 'order-staff-copy']);
    // now() is the transaction's start: the same instant for the order's write and its e-mails.
    for (const mail of mails) expect(mail.created_at.getTime()).toBe(order.updated_at.getTime());
  });

  it('sends the school its items and prices as a table in HTML and as aligned lines in text', async () => {
    const school = await schoolWithOrder('Bayshore Elementary');
    await save(school.token, school.orderKey, { vinyl_pockets: '1', novinyl_pockets: '2', nocar_rider: '50' });
    const order = await storedOrder(t, school.orderKey);
    const mails = await mailsAbout(order.id);
    const mail = mails.find((m) => m.to_address === school.email);
    expect(mail).toMatchObject({ template: 'order-reserved', subject: `Reservation #${order.id} received` });
    const items = order.custom_price.filter((r) => r.name !== 'Subtotal');
    expect(items.length).toBeGreaterThan(3);

    const html = mail?.html ?? '';
    expect(html.match(/<table /g)?.length).toBeGreaterThan(1);
    expect(html).toContain('width:100%;max-width:600px');
    expect(html).not.toMatch(/display:\s*(grid|flex)/);
    const rows = htmlRows(html);
    expect(rows[0]).toEqual(['Item', 'Qty', 'Unit price', 'Amount']);
    for (const item of items) {
      expect(rows.filter((r) => r[0] === item.name)).toEqual([
        [item.name, String(item.qty), formatMoney(item.unit_price ?? 0), formatMoney(item.amount ?? 0)],
      ]);
    }
    expect(rows.length).toBe(1 + items.length + 3);
    expect(rows.at(-1)).toEqual(['Total', formatMoney(order.total_cents)]);
    expect(html).not.toMatch(/<p[^>]*>[^<]*Planners[^<]*<\/p>/);

    const text = mail?.text ?? '';
    expect(text).not.toContain('<');
    for (const item of items) {
      expect(text).toMatch(
        new RegExp(
          `^${item.name.replace(/[()/]/g, '\\$&')} +${item.qty} +\\${formatMoney(item.unit_price ?? 0)} +\\$`,
          'm',
        ),
      );
    }
    const lines = text.split('\n').filter((l) => /\$\d/.test(l));
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(text).toMatch(new RegExp(`Total +\\${formatMoney(order.total_cents)}$`, 'm'));
  });

  it('names the school by its name in the staff copy, escaped in HTML, and by its e-mail until it has one', async () => {
    const named = await schoolWithOrder('St. Mary <Academy> & Co');
    await save(named.token, named.orderKey);
    const order = await storedOrder(t, named.orderKey);
    const [staff] = (await mailsAbout(order.id)).filter((m) => m.to_address === supportEmail);
    expect(staff).toMatchObject({ template: 'order-staff-copy' });
    expect(staff?.subject).toBe(`Reservation #${order.id} from St. Mary <Academy> & Co`);
    expect(staff?.subject).not.toContain(named.email);
    expect(staff?.html).toContain('St. Mary &lt;Academy&gt; &amp; Co');
    expect(staff?.html).not.toContain('<Academy>');
    expect(staff?.text).toContain('St. Mary <Academy> & Co reserved order');

    const unnamed = await schoolWithOrder();
    await save(unnamed.token, unnamed.orderKey, { status: 'Order Placed', payment_method: '4' });
    const placed = await storedOrder(t, unnamed.orderKey);
    const copies = (await mailsAbout(placed.id)).filter((m) => m.to_address === supportEmail);
    expect(copies.map((m) => m.subject)).toEqual([`Order #${placed.id} placed by ${unnamed.email}`]);
  });

  it('tells the school and staff what an update changed, and the confirmation that it was an update', async () => {
    const school = await schoolWithOrder('Lakeside Middle');
    await save(school.token, school.orderKey);
    const before = await storedOrder(t, school.orderKey);
    const after = await lastOutboxId();

    const answer = await save(school.token, school.orderKey, { noprimary_planners: '150', nocar_rider: '100' });
    expect(answer).toMatchObject({
      message: MSG.orderSaved,
      order_status: 'Reserved',
      type: 'internal',
      redirect: `/order-confirmed/${school.orderKey}?updated=1`,
    });
    const order = await storedOrder(t, school.orderKey);
    const mails = await mailsAbout(order.id, after);
    expect(mails.map((m) => [m.to_address, m.template, m.subject])).toEqual([
      [school.email, 'order-updated', `Reservation #${order.id} updated`],
      [supportEmail, 'order-staff-copy', `Reservation #${order.id} updated by Lakeside Middle`],
    ]);
    const planners = (rows: typeof order.custom_price) => rows.find((r) => r.name === 'Planners');
    const was = planners(before.custom_price);
    const now = planners(order.custom_price);
    const [forSchool] = mails;
    for (const part of [forSchool?.text ?? '', forSchool?.html ?? '']) {
      expect(part).toContain('What changed');
      expect(part).toContain(`150 × ${formatMoney(now?.unit_price ?? 0)} = ${formatMoney(now?.amount ?? 0)}`);
      expect(part).toContain(`120 × ${formatMoney(was?.unit_price ?? 0)} = ${formatMoney(was?.amount ?? 0)}`);
      expect(part).toContain(
        `New total: ${formatMoney(order.total_cents)} (it was ${formatMoney(before.total_cents)})`,
      );
    }
    const changed = htmlRows(forSchool?.html ?? '').filter((r) => r.length === 3);
    expect(changed[0]).toEqual(['Item', 'Before', 'Now']);
    expect(changed.map((r) => r[0])).toContain('Car rider tags (free)');
    expect(changed.find((r) => r[0] === 'Car rider tags (free)')?.[1]).toBe('None');
    // Lines that did not change are not listed as changes.
    expect(changed.map((r) => r[0])).not.toContain('Pickup at our Tampa warehouse');
    expect(forSchool?.text).not.toContain('received');
  });

  it('sends nothing when an update changes nothing, and still says it was saved', async () => {
    const school = await schoolWithOrder('Harbor High');
    await save(school.token, school.orderKey);
    const order = await storedOrder(t, school.orderKey);
    const after = await lastOutboxId();
    const answer = await save(school.token, school.orderKey);
    expect(answer).toMatchObject({
      message: MSG.orderSaved,
      redirect: `/order-confirmed/${school.orderKey}?updated=1`,
    });
    expect(await mailsAbout(order.id, after)).toEqual([]);
  });

  it('tells a reservation finalized afterwards that the order is placed, not updated', async () => {
    const school = await schoolWithOrder('Gulf Coast Prep');
    await save(school.token, school.orderKey);
    const after = await lastOutboxId();
    const answer = await save(school.token, school.orderKey, { status: 'Order Placed', payment_method: '4' });
    expect(answer.message).toBe(MSG.orderPlaced);
    expect(answer.redirect).toBe(`/order-confirmed/${school.orderKey}`);
    const order = await storedOrder(t, school.orderKey);
    const mails = await mailsAbout(order.id, after);
    expect(mails.map((m) => m.subject)).toEqual([
      `Order #${order.id} placed`,
      `Order #${order.id} placed by Gulf Coast Prep`,
    ]);
  });
});

describe('POST /api/cancelorderenq: the staff e-mail', () => {
  it('names the school by the name on its account, whatever name the form was signed with', async () => {
    const school = await schoolWithOrder('Riverside Elementary');
    await save(school.token, school.orderKey, { status: 'Order Placed', payment_method: '4' });
    const order = await storedOrder(t, school.orderKey);
    const res = await t.api.post('/api/cancelorderenq', {
      body: {
        order_key: school.orderKey,
        schoolname: 'Front office',
        email: 'office@example.com',
        message: 'Please cancel.',
      },
      headers: bearer(school.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await t.db
      .select()
      .from(email_outbox)
      .where(and(eq(email_outbox.template, 'order-cancel-request'), eq(email_outbox.to_address, supportEmail)))
      .then((rows) => rows.filter((m) => m.subject.includes(`#${order.id}:`)));
    expect(mail?.subject).toBe(`Cancel request for order #${order.id}: Riverside Elementary`);
    expect(mail?.text).toContain('Front office');
    expect(mail?.text).toContain(school.email);
  });
});
