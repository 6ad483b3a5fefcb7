import { USER_TYPE } from '@portal/contracts/constants';
import { eq } from 'drizzle-orm';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { products } from '../../apps/server/src/db/schema/index.ts';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from '../../apps/server/src/seed/demo-catalogue.ts';
import { createSponsor, createSponsorship, createUser } from '../../apps/server/src/seed/factories.ts';
import { Browser } from './client.ts';
import type { Recorder } from './stats.ts';
import type { Account, Population } from './users.ts';

const PASSWORD = 'load-test-password-2026';
const PLANNER = 'primary-planner-classic-blue';

export interface PopulationSize {
  schools: number;
  sponsors: number;
  sponsorshipsEach: number;
}

/** Runs `task` for each item, `width` at a time. */
async function eachAtOnce<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++] as T);
    }),
  );
}

/**
 * What the run's users need: schools registered through the API as the registration page
 * does; sponsors, their sponsorships and a member of staff through the seed's factories
 * (staff make sponsors' accounts and sponsorships, and invite staff, by e-mail: the API
 * has no call that gives them a password at once). Registration is recorded as its own
 * operation of the preparation, not of the run.
 */
export async function preparePopulation(
  url: string,
  databaseUrl: string,
  size: PopulationSize,
  recorder: Recorder,
): Promise<Population> {
  const stamp = Date.now().toString(36);
  const schools: Account[] = Array.from({ length: size.schools }, (_, i) => ({
    email: `load-school-${i}-${stamp}@example.org`,
    password: PASSWORD,
  }));
  const registrar = new Browser(url, recorder);
  await registrar.open();
  // Each school registers from its own office: registrations are counted per address.
  await eachAtOnce(schools, 4, async (account) => {
    const n = schools.indexOf(account);
    await registrar.call('school registration (preparation)', '/api/loginnewreg', {
      body: { email: account.email, password: account.password, usertype: USER_TYPE.school },
      from: `10.20.${Math.floor(n / 250)}.${1 + (n % 250)}`,
    });
  });

  const db = createDatabase(databaseUrl, { max: 2 });
  try {
    const sponsors: Population['sponsors'] = [];
    for (let i = 0; i < size.sponsors; i++) {
      const account = { email: `load-sponsor-${i}-${stamp}@example.org`, password: PASSWORD };
      const { user } = await createSponsor(db, { ...account, business_name: `Load Sponsor ${i}` });
      const sponsorships: { id: number; totalCents: number }[] = [];
      for (let j = 0; j < size.sponsorshipsEach; j++) {
        const rate = 30_000 + 2_500 * ((i + j) % 9);
        const row = await createSponsorship(db, {
          sponsorId: user.id,
          year: 2026,
          status: 'Approved',
          items: [{ sponsorship_type: 'Planner ad', adv_size: 'Full page', qty: 1, rate_cents: rate }],
        });
        sponsorships.push({ id: row.id, totalCents: row.total_cents });
      }
      sponsors.push({ ...account, sponsorships });
    }
    const staff = { email: `load-admin-${stamp}@example.org`, password: PASSWORD };
    await createUser(db, { ...staff, usertype: USER_TYPE.admin, first_name: 'Load', last_name: 'Admin' });
    const [planner] = await db.select({ id: products.id }).from(products).where(eq(products.product_slug, PLANNER));
    if (!planner) throw new Error(`the catalogue has no ${PLANNER}`);
    return {
      schools,
      sponsors,
      staff,
      catalogue: {
        categories: DEMO_CATEGORIES.map((c) => c.slug),
        products: DEMO_PRODUCTS.map((p) => p.slug),
        searches: ['planner', 'car rider tag', 'homework folder', 'backpack', 'student planner blue', 'bus tag'],
        plannerSlug: PLANNER,
        plannerId: planner.id,
      },
    };
  } finally {
    await db.$client.end();
  }
}
