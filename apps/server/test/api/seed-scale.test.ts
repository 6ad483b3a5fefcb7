import { USER_TYPE } from '@portal/contracts/constants';
import { paymentStatusOf } from '@portal/contracts/order-rules';
import { ORDER_STATUSES } from '@portal/contracts/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaleOf, seedScale } from '../../src/seed/scale.ts';
import { bearer, signedInStaff } from '../helpers/accounts.ts';
import { createCatalogueApp } from '../helpers/catalogue.ts';
import type { TestApp } from '../helpers/test-app.ts';

/** A scaled year made small: the same rows a region's year has, and every account adds up. */
let t: TestApp;
beforeAll(async () => {
  t = await createCatalogueApp();
});
afterAll(() => t?.close());

describe('seedScale', () => {
  it('makes schools, orders in every status, payments, sponsorships, enquiries and audit rows that add up', async () => {
    const size = { ...scaleOf(12), auditRows: 2_500 };
    const lines: string[] = [];
    const counts = await seedScale(t.db, size, { tag: 'scaletest', progress: (line) => lines.push(line) });
    expect(counts).toMatchObject({
      schools: 12,
      orders: 120,
      sponsors: size.sponsors,
      sponsorships: size.sponsors * size.sponsorshipsPerSponsor,
      enquiries: 24,
      auditRows: 2_500,
    });
    expect(lines.at(-1)).toBe('2500 audit rows');

    const statuses = await t.db.execute<{ status: string }>(sql`
      select distinct o.status from orders o join users u on u.id = o.school_user_id
      where u.email like 'scaletest-%'`);
    expect(statuses.rows.map((r) => r.status).sort()).toEqual([...ORDER_STATUSES].sort());

    // Each order holds what its payments brought, and says paid exactly when that covers it.
    const accounts = await t.db.execute<{
      total_cents: number;
      received_cents: number;
      refunded_cents: number;
      payment_status: 'paid' | 'unpaid' | 'refunded';
      paid: number;
    }>(sql`
      select o.total_cents, o.received_cents, o.refunded_cents, o.payment_status,
        coalesce((select sum(p.amount_cents) from payments p where p.order_id = o.id and p.status = 'succeeded'), 0)::int as paid
      from orders o join users u on u.id = o.school_user_id where u.email like 'scaletest-%'`);
    expect(accounts.rows.some((o) => o.payment_status === 'paid')).toBe(true);
    for (const o of accounts.rows) {
      expect(o.received_cents).toBe(o.paid);
      expect(o.payment_status).toBe(paymentStatusOf(o));
    }
    // A sponsorship's total is its items'.
    const [mismatched] = (
      await t.db.execute<{ n: number }>(sql`
        select count(*)::int as n from sponsorships s
        join users u on u.id = s.sponsor_user_id and u.email like 'scaletest-%'
        where s.total_cents <> (select coalesce(sum(i.total_cents), 0) from sponsorship_items i where i.sponsorship_id = s.id)`)
    ).rows;
    expect(mismatched?.n).toBe(0);

    // The back office reads them as any others.
    const admin = await signedInStaff(t, USER_TYPE.admin);
    const list = await t.api.get('/api/admin/orders?q=scaletest', { headers: bearer(admin.token) });
    expect(list.statusCode, list.body).toBe(200);
    const owed = await t.api.get('/api/admin/money-owed', { headers: bearer(admin.token) });
    expect(owed.statusCode, owed.body.slice(0, 200)).toBe(200);
  });
});
