import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/client.ts';
import { MIGRATIONS_DIR, runMigrations, withStartupLock } from '../../src/db/migrate.ts';
import { LocalFileStorage } from '../../src/lib/storage/local-storage.ts';
import { hashToken } from '../../src/lib/tokens.ts';
import { SENT_SECRET_PLACEHOLDER } from '../../src/modules/mail/remove-sent-secrets.ts';
import { findPayLink } from '../../src/modules/pay-links/find-pay-link.ts';
import { DEMO_PAY_LINK_KEY } from '../../src/seed/demo-sponsorships.ts';
import { createSponsor } from '../../src/seed/factories.ts';
import { DEMO_ACCOUNTS, seedDemo, seedReferenceData } from '../../src/seed/seed.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

const DOMAIN_TABLES = [
  'users',
  'sessions',
  'password_resets',
  'schools',
  'sponsors',
  'states',
  'counties',
  'content_pages',
  'site_settings',
  'categories',
  'products',
  'product_images',
  'cost_sheets',
  'testimonials',
  'faq_categories',
  'faqs',
  'contact_requests',
  'orders',
  'order_files',
  'enquiries',
  'sponsorships',
  'sponsorship_items',
  'sponsorship_transactions',
  'payments',
  'email_outbox',
  'audit_log',
];

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

const opened: { database: TestDatabase; db: Database }[] = [];
afterEach(async () => {
  for (const { database, db } of opened.splice(0)) {
    await db.$client.end();
    await database.drop();
  }
});

/** A database as PostgreSQL creates it: no tables, not copied from the migrated template. */
async function emptyDatabase(): Promise<Database> {
  const database = await createTestDatabase({ empty: true });
  const db = createDatabase(database.url, { max: 2 });
  opened.push({ database, db });
  return db;
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

async function schemaShape(db: Database): Promise<string[]> {
  const columns = await rows<{ c: string }>(
    db,
    sql`select table_name || '.' || column_name || ':' || data_type as c from information_schema.columns
        where table_schema = 'public' order by 1`,
  );
  const indexes = await rows<{ c: string }>(
    db,
    sql`select indexname as c from pg_indexes where schemaname = 'public' order by 1`,
  );
  return [...columns, ...indexes].map((r) => r.c);
}

async function counts(db: Database) {
  const [row] = await rows<{ pages: number; states: number; florida: number; settings: number; counties: number }>(
    db,
    sql`select
      (select count(*)::int from content_pages) as pages,
      (select count(*)::int from states) as states,
      (select count(*)::int from counties) as counties,
      (select count(*)::int from site_settings) as settings,
      (select count(*)::int from counties c join states s on s.id = c.state_id where s.state_code = 'FL') as florida`,
  );
  return row;
}

describe('runMigrations', () => {
  it('builds the whole schema on an empty database', async () => {
    const db = await emptyDatabase();
    expect(await rows(db, sql`select 1 from information_schema.tables where table_schema = 'public'`)).toEqual([]);

    await runMigrations(db);

    const tables = (
      await rows<{ table_name: string }>(
        db,
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )
    ).map((r) => r.table_name);
    expect(tables).toEqual(expect.arrayContaining(DOMAIN_TABLES));

    const triggers = (
      await rows<{ tgname: string }>(db, sql`select tgname from pg_trigger where not tgisinternal order by tgname`)
    ).map((r) => r.tgname);
    expect(triggers).toEqual(expect.arrayContaining(['content_pages_changed', 'site_settings_changed']));

    const applied = await rows(db, sql`select hash from drizzle.__drizzle_migrations`);
    expect(applied).toHaveLength(journal.entries.length);
  });

  it('changes nothing when run again', async () => {
    const db = await emptyDatabase();
    await runMigrations(db);
    const shape = await schemaShape(db);

    await runMigrations(db);

    expect(await schemaShape(db)).toEqual(shape);
    expect(await rows(db, sql`select hash from drizzle.__drizzle_migrations`)).toHaveLength(journal.entries.length);
  });
});

describe('migration 0029_secrets_at_rest', () => {
  /** The migrations up to (and without) `tag`, in a folder of their own. */
  function migrationsBefore(tag: string): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const all = journal.entries as { tag: string }[];
    const kept = all.slice(
      0,
      all.findIndex((e) => e.tag === tag),
    );
    const file = path.join(dir, 'meta/_journal.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), entries: kept }));
    return dir;
  }

  it('keeps the pay links already sent working, their keys kept as hashToken’s hash, and cuts them out of sent mail', async () => {
    const db = await emptyDatabase();
    const before = migrationsBefore('0029_secrets_at_rest');
    await migrate(db, { migrationsFolder: before });
    rmSync(before, { recursive: true, force: true });
    const { user } = await createSponsor(db, { email: 'migrated@example.com', business_name: 'Migrated Ltd' });
    // Written as that schema had it: today's factory names columns it did not have yet.
    const made = await db.execute<{ id: number }>(
      sql`insert into sponsorships (sponsor_user_id, status, total_qty, total_cents, year)
          values (${user.id}, 'Approved', 1, 10000, 2026) returning id`,
    );
    const s = { id: made.rows[0]?.id as number };
    const keys = ['demo-sponsorship-pay-link', 'Zq3_k-9AbCdEfGhIjKlMnOpQrStUvWxYz0123456789'];
    for (const key of keys) {
      await db.execute(
        sql`insert into pay_links (link_key, kind, sponsorship_id, expires_at) values (${key}, 'sponsorship', ${s.id}, now() + interval '30 days')`,
      );
    }
    const url = 'http://portal.test/sponsorship-pay/Zq3_k-9AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
    for (const status of ['sent', 'kept']) {
      await db.execute(
        sql`insert into email_outbox (to_address, subject, html, text, template, status)
            values (${`${status}@example.com`}, 'Pay', ${`<a href="${url}">Pay now</a>`}, ${`Pay now: ${url}`}, 'sponsorship-pay-link', ${status})`,
      );
    }

    await runMigrations(db);

    const stored = await rows<{ key_hash: string }>(db, sql`select key_hash from pay_links order by id`);
    expect(stored.map((r) => r.key_hash)).toEqual(keys.map(hashToken));
    for (const key of keys) {
      const found = await findPayLink(db, 'sponsorship', key, new Date());
      expect(found.sponsorship_id).toBe(s.id);
    }
    const mail = await rows<{ to_address: string; html: string; text: string; secrets: string[] }>(
      db,
      sql`select to_address, html, text, secrets from email_outbox order by id`,
    );
    expect(mail).toEqual([
      {
        to_address: 'sent@example.com',
        html: `<a href="${SENT_SECRET_PLACEHOLDER}">Pay now</a>`,
        text: `Pay now: ${SENT_SECRET_PLACEHOLDER}`,
        secrets: [],
      },
      // Kept for /dev/mailbox: the only way to read it there.
      { to_address: 'kept@example.com', html: `<a href="${url}">Pay now</a>`, text: `Pay now: ${url}`, secrets: [] },
    ]);
  });
});

describe('seedReferenceData', () => {
  it('writes the FAQs once in an installation’s life: a topic or answers staff delete stay deleted', async () => {
    const db = await emptyDatabase();
    await runMigrations(db);
    await seedReferenceData(db);
    const [before] = await rows<{ topics: number; answers: number }>(
      db,
      sql`select (select count(*)::int from faq_categories) as topics, (select count(*)::int from faqs) as answers`,
    );
    expect(before?.topics).toBeGreaterThan(1);
    const [topic] = await rows<{ id: number }>(db, sql`select id from faq_categories order by id limit 1`);
    await db.execute(sql`delete from faqs`);
    await db.execute(sql`delete from faq_categories where id = ${topic?.id}`);

    await seedReferenceData(db);

    const [after] = await rows<{ topics: number; answers: number }>(
      db,
      sql`select (select count(*)::int from faq_categories) as topics, (select count(*)::int from faqs) as answers`,
    );
    expect(after).toEqual({ topics: (before?.topics ?? 0) - 1, answers: 0 });
  });

  it('lets servers starting together migrate and seed one at a time', async () => {
    const db = await emptyDatabase();
    const url = opened.at(-1)?.database.url ?? '';
    // Another server: a pool of its own on the same database.
    const otherServer = createDatabase(url, { max: 2 });
    const seen: string[] = [];
    const start = (name: string, on: Database) =>
      withStartupLock(on, async () => {
        seen.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, 150));
        seen.push(`${name} out`);
      });
    try {
      await Promise.all([start('first', db), start('second', otherServer)]);
    } finally {
      await otherServer.$client.end();
    }
    const [one, two] = seen[0] === 'first in' ? ['first', 'second'] : ['second', 'first'];
    expect(seen).toEqual([`${one} in`, `${one} out`, `${two} in`, `${two} out`]);
  });

  it('writes the content pages, settings, states and Florida counties once, however often it runs', async () => {
    const db = await emptyDatabase();
    await runMigrations(db);

    await seedReferenceData(db);
    const first = await counts(db);
    expect(first).toMatchObject({ pages: 12, states: 51, florida: 67 });
    expect(first?.settings).toBeGreaterThan(0);

    await seedReferenceData(db);
    expect(await counts(db)).toEqual(first);
  });

  it('keeps what staff edited', async () => {
    const db = await emptyDatabase();
    await runMigrations(db);
    await seedReferenceData(db);
    await db.execute(sql`update content_pages set seo_title = 'Edited by staff' where id = 1`);

    await seedReferenceData(db);

    const [page] = await rows<{ seo_title: string }>(db, sql`select seo_title from content_pages where id = 1`);
    expect(page?.seo_title).toBe('Edited by staff');
  });
});

describe('seedDemo', () => {
  it('creates the demo accounts and catalogue on an empty database, and nothing the second time', async () => {
    const db = await emptyDatabase();
    const uploads = mkdtempSync(path.join(os.tmpdir(), 'portal-uploads-'));
    await runMigrations(db);
    await seedReferenceData(db);

    expect(await seedDemo(db, new LocalFileStorage(uploads))).toBe(true);
    const [catalogue] = await rows<{ products: number; biggest: number; enquiry: number; locked: number }>(
      db,
      sql`select count(*)::int as products,
        (select max(n) from (select count(*)::int as n from products group by category_id) c) as biggest,
        count(*) filter (where type = 'inquery')::int as enquiry,
        count(*) filter (where login_req = 1)::int as locked
      from products`,
    );
    expect(catalogue?.products).toBeGreaterThanOrEqual(80);
    expect(catalogue?.biggest).toBeGreaterThan(48);
    expect(catalogue?.enquiry).toBeGreaterThan(0);
    expect(catalogue?.locked).toBeGreaterThan(0);
    const [image] = await rows<{ url: string }>(db, sql`select url from product_images order by id limit 1`);
    expect(existsSync(path.join(uploads, image!.url.replace('/uploads/', '')))).toBe(true);
    const emails = (await rows<{ email: string }>(db, sql`select email from users`)).map((r) => r.email);
    expect(emails).toEqual(expect.arrayContaining(DEMO_ACCOUNTS.map((a) => a.email)));
    // The README's pay link opens, though only its key's hash is kept.
    const demoLink = await findPayLink(db, 'sponsorship', DEMO_PAY_LINK_KEY, new Date());
    expect(await rows(db, sql`select 1 from pay_links where key_hash = ${DEMO_PAY_LINK_KEY}`)).toEqual([]);
    expect(demoLink.sponsorship_id).toEqual(expect.any(Number));
    // The demo school's orders, one in each state, each priced as the form would price it.
    const demoOrders = await rows<{ status: string; payment_status: string; rows_total: number; subtotal: number }>(
      db,
      sql`select o.status, o.payment_status, o.subtotal_cents as subtotal,
        (select coalesce(sum((r->>'amount')::int), 0)::int from jsonb_array_elements(o.custom_price) r
          where r->>'name' <> 'Subtotal' and r->>'amount' is not null) as rows_total
      from orders o join users u on u.id = o.school_user_id where u.email = 'school@example.com'`,
    );
    expect(new Set(demoOrders.map((o) => o.status))).toEqual(new Set(['Pending', 'Reserved', 'Order Placed']));
    expect(demoOrders.some((o) => o.payment_status === 'paid')).toBe(true);
    for (const o of demoOrders) {
      expect(o.subtotal).toBeGreaterThan(0);
      expect(o.rows_total).toBe(o.subtotal);
    }
    // The demo sponsor's sent enquiries, over two school years, each to its sales rep.
    const demoEnquiries = await rows<{ sent: string; rep: string | null }>(
      db,
      sql`select to_char(e.submitted_at, 'YYYY-MM-DD') as sent, r.email as rep
      from enquiries e join users u on u.id = e.sponsor_user_id left join users r on r.id = e.srep_id
      where u.email = 'sponsor@example.com'`,
    );
    expect(demoEnquiries.length).toBeGreaterThanOrEqual(3);
    expect(demoEnquiries.every((e) => e.sent !== null && e.rep === 'rep@example.com')).toBe(true);
    const oldest = Math.min(...demoEnquiries.map((e) => Date.parse(e.sent)));
    expect(Date.now() - oldest).toBeGreaterThan(365 * 24 * 60 * 60 * 1000);
    // The demo sponsors' sponsorships: every status, two school years, items and transactions, paid as recorded.
    const demoSponsorships = await rows<{
      email: string;
      status: string;
      year: number;
      items: number;
      txns: number;
      paid: number;
      confirmed: number;
      total: number;
      item_total: number;
    }>(
      db,
      sql`select u.email, s.status, s.year, s.paid_cents as paid, s.total_cents as total,
        (select count(*)::int from sponsorship_items i where i.sponsorship_id = s.id) as items,
        (select coalesce(sum(i.total_cents), 0)::int from sponsorship_items i where i.sponsorship_id = s.id) as item_total,
        (select count(*)::int from sponsorship_transactions x where x.sponsorship_id = s.id) as txns,
        (select coalesce(sum(x.amount_cents), 0)::int from sponsorship_transactions x
          where x.sponsorship_id = s.id and x.payment_status = 1) as confirmed
      from sponsorships s join users u on u.id = s.sponsor_user_id`,
    );
    const first = demoSponsorships.filter((s) => s.email === 'sponsor@example.com');
    expect(new Set(first.map((s) => s.status))).toEqual(new Set(['Requested', 'Approved', 'Partial', 'Completed']));
    expect(new Set(first.map((s) => s.year)).size).toBe(2);
    expect(first.some((s) => s.txns > 0)).toBe(true);
    const [failed] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from sponsorship_transactions where payment_status = 0`,
    );
    expect(failed?.n).toBeGreaterThan(0);
    expect(demoSponsorships.some((s) => s.email === 'sponsor2@example.com')).toBe(true);
    for (const s of demoSponsorships) {
      expect(s.items).toBeGreaterThan(0);
      expect(s.item_total).toBe(s.total);
      expect(s.confirmed).toBe(s.paid);
      expect(s.status === 'Completed').toBe(s.paid === s.total);
    }
    const [before] = await rows<{ n: number }>(db, sql`select count(*)::int as n from users`);

    expect(await seedDemo(db, new LocalFileStorage(uploads))).toBe(false);
    const [after] = await rows<{ n: number }>(db, sql`select count(*)::int as n from users`);
    expect(after?.n).toBe(before?.n);
    const duplicates = await rows(db, sql`select email from users group by email having count(*) > 1`);
    expect(duplicates).toEqual([]);
  });
});
