import type { TLoginBody, TLoginResponse } from '@portal/contracts/auth';
import { USER_TYPE, XSRF_COOKIE, XSRF_HEADER } from '@portal/contracts/constants';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { createSponsor } from '../apps/server/src/seed/factories.ts';
import { call, xsrfCookie } from './draft-save.ts';

/** How many sponsorships the benchmark's sponsor has, each with two items. */
export const SPONSORSHIPS = 500;

/**
 * Makes a sponsor account (sponsors do not sign up themselves: staff make their accounts),
 * signs it in through the API as the sponsor login does, and gives it `SPONSORSHIPS`
 * sponsorships straight in SQL, as staff would have set them up over the years: spread over
 * 2024 to 2026 and over every status, two items each, and for those paid in part or in full
 * a failed attempt and a confirmed payment. The list answers the first page of them and
 * what is left to pay across all of them.
 */
export async function prepareSponsorshipList(appUrl: string, databaseUrl: string) {
  const email = `bench-sponsor-${Date.now().toString(36)}@example.org`;
  const password = 'bench-password-2026';
  const db = createDatabase(databaseUrl, { max: 1 });
  try {
    await db.transaction(async (tx) => {
      const { user } = await createSponsor(tx, { email, password, business_name: 'Bench Dental Care' });
      // Statuses in turn: Requested, Approved, Partial (part paid), Completed (all paid).
      await tx.execute(sql`
        insert into sponsorships (sponsor_user_id, status, total_qty, total_cents, paid_cents, year, created_at, updated_at)
        select ${user.id}, s.status, 300, 45000 + g * 100,
               case s.status when 'Partial' then 20000 when 'Completed' then 45000 + g * 100 else 0 end,
               2024 + g % 3, now() - g * interval '1 day', now() - g * interval '1 hour'
          from generate_series(1, ${SPONSORSHIPS}::int) g,
               lateral (select (array['Requested', 'Approved', 'Partial', 'Completed'])[1 + g % 4] as status) s`);
      await tx.execute(sql`
        insert into sponsorship_items (sponsorship_id, sponsorship_type, county, book_name, school_name, adv_size,
                                       qty, rate_cents, subtotal_cents, total_cents)
        select s.id, i.kind, 'Hillsborough', 'Student Planner 2026-27', 'Bayshore Elementary School', i.size,
               i.qty, i.rate, i.qty * i.rate, i.qty * i.rate
          from sponsorships s,
               (values ('Planner ad', 'Full page', 200, 150), ('Homework folder', 'Back cover', 100, 150))
                 as i(kind, size, qty, rate)
         where s.sponsor_user_id = ${user.id}`);
      // A confirmed payment of what was paid (1), and a failed attempt before it (0).
      await tx.execute(sql`
        insert into sponsorship_transactions (sponsorship_id, transaction_id, amount_cents, payment_status, payment_date)
        select s.id, 'bench-' || s.id || '-' || t.n, case t.n when 1 then s.paid_cents else 5000 end, 2 - t.n,
               s.updated_at - t.n * interval '1 minute'
          from sponsorships s, (values (1), (2)) as t(n)
         where s.sponsor_user_id = ${user.id} and s.paid_cents > 0`);
    });
  } finally {
    await db.$client.end();
  }

  const xsrf = await xsrfCookie(appUrl);
  const login = { username: email, password, usertype: USER_TYPE.sponsor } satisfies TLoginBody;
  const { json: signedIn } = await call<TLoginResponse>(`${appUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [XSRF_HEADER]: xsrf, cookie: `${XSRF_COOKIE}=${xsrf}` },
    body: JSON.stringify(login),
  });
  return { headers: { authorization: `Bearer ${signedIn.token}` } };
}
