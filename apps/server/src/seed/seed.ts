import { USER_TYPE } from '@portal/contracts/constants';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  content_pages,
  counties,
  faq_categories,
  faqs,
  seeded_parts,
  site_settings,
  states,
  users,
} from '../db/schema/index.ts';
import type { FileStorage } from '../lib/storage/file-storage.ts';
import { CONTENT_PAGES } from './content-pages.ts';
import { seedDemoEnquiries } from './demo-enquiries.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { seedDemoSponsorships } from './demo-sponsorships.ts';
import { createSchool, createSponsor, createUser } from './factories.ts';
import { answerHtml, FAQ_CATEGORIES, FAQS } from './faqs.ts';
import { DEFAULT_SETTINGS } from './settings.ts';
import { US_COUNTIES, US_STATES } from './us-states.ts';

export const DEMO_PASSWORD = 'password123';

export const DEMO_ACCOUNTS = [
  { role: 'School', email: 'school@example.com', url: '/school/login' },
  { role: 'Sponsor', email: 'sponsor@example.com', url: '/sponsor/login' },
  { role: 'Sponsor', email: 'sponsor2@example.com', url: '/sponsor/login' },
  { role: 'Admin', email: 'admin@example.com', url: '/admin/login' },
  { role: 'Sales rep', email: 'rep@example.com', url: '/admin/login' },
] as const;

/**
 * Reference data every installation needs: content pages, settings, states and
 * counties. Each part is written only where it is missing, so it is safe on every start.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.insert(content_pages).values(CONTENT_PAGES).onConflictDoNothing();
  await db
    .insert(site_settings)
    .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  await db
    .insert(states)
    .values(US_STATES.map((s) => ({ state_name: s.name, state_code: s.code })))
    .onConflictDoNothing();
  const stateIds = new Map(
    (await db.select({ id: states.id, code: states.state_code }).from(states)).map((s) => [s.code, s.id]),
  );
  const countyRows = Object.entries(US_COUNTIES).flatMap(([code, names]) =>
    names.map((county_name) => ({ state_id: stateIds.get(code)!, county_name })),
  );
  if (countyRows.length) await db.insert(counties).values(countyRows).onConflictDoNothing();
  await seedFaqs(db);
}

/**
 * Help and Support's topics, and their answers where a topic has none yet, once in an
 * installation's life: after that the FAQs are staff's, and a topic or an answer they
 * delete is not written again at the next start.
 */
async function seedFaqs(db: Database): Promise<void> {
  const [first] = await db
    .insert(seeded_parts)
    .values({ name: 'faqs' })
    .onConflictDoNothing()
    .returning({ name: seeded_parts.name });
  if (!first) return;
  await db
    .insert(faq_categories)
    .values([...FAQ_CATEGORIES])
    .onConflictDoNothing();
  const categories = await db.select({ id: faq_categories.id, slug: faq_categories.slug }).from(faq_categories);
  const answered = new Set((await db.selectDistinct({ id: faqs.category_id }).from(faqs)).map((row) => row.id));
  const rows = categories
    .filter((c) => !answered.has(c.id))
    .flatMap((c) =>
      FAQS.filter((f) => f.category === c.slug).map((f, i) => ({
        category_id: c.id,
        question: f.question,
        answer: answerHtml(f.answer),
        audience: f.audience,
        sort_order: i + 1,
      })),
    );
  if (rows.length) await db.insert(faqs).values(rows);
}

/**
 * The demo of product decision D17: accounts, the catalogue with its pictures (put in the
 * file storage) and testimonials. Runs only on a database with no users yet.
 */
export async function seedDemo(db: Database, storage: FileStorage): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;
  // The catalogue's demo files (PDFs, HTML cleaned of anything unsafe) need libraries that
  // a production server never uses: they are loaded only when the demo is seeded.
  const { seedCatalogue } = await import('./seed-catalogue.ts');

  await db.transaction(async (tx) => {
    await createUser(tx, {
      email: 'admin@example.com',
      password: DEMO_PASSWORD,
      usertype: USER_TYPE.admin,
      first_name: 'Alex',
      last_name: 'Morgan',
    });
    const rep = await createUser(tx, {
      email: 'rep@example.com',
      password: DEMO_PASSWORD,
      usertype: USER_TYPE.salesRep,
      first_name: 'Rita',
      last_name: 'Delgado',
    });
    const marcus = await createUser(tx, {
      email: 'marcus.reed@example.com',
      usertype: USER_TYPE.salesRep,
      first_name: 'Marcus',
      last_name: 'Reed',
    });

    const [florida] = await tx.select({ id: states.id }).from(states).where(eq(states.state_code, 'FL'));
    const [hillsborough] = await tx
      .select({ id: counties.id })
      .from(counties)
      .where(sql`${counties.state_id} = ${florida?.id ?? 0} and ${counties.county_name} = 'Hillsborough'`);

    const demoSchool = await createSchool(tx, {
      email: 'school@example.com',
      password: DEMO_PASSWORD,
      school_name: 'Bayshore Elementary School',
      address: '3501 W Bay to Bay Blvd',
      city: 'Tampa',
      state_id: florida?.id,
      county_id: hillsborough?.id,
      zip: '33629',
      dist_calendar: 1,
      phone: '8135550110',
      website: 'https://bayshore-elementary.example.com',
      avg_enrollment: 640,
      hod_name: 'Dr. Angela Price',
      hod_email: 'principal@bayshore-elementary.example.com',
      primary_name: 'Jordan Ellis',
      primary_position: 'Office Manager',
      primary_phone: '8135550111',
      details_completed_at: new Date(),
    });

    const demoSponsor = await createSponsor(tx, {
      email: 'sponsor@example.com',
      password: DEMO_PASSWORD,
      business_name: 'Sunshine Dental Care',
      srep_id: rep.id,
      phone_number: '8135550188',
      website: 'https://sunshinedental.example.com',
      address: '1200 S Dale Mabry Hwy',
      city: 'Tampa',
      state_id: florida?.id,
      county_id: hillsborough?.id,
      zip: '33629',
      primary_name: 'Dana Whitfield',
      primary_phone: '8135550189',
      details_completed_at: new Date(),
    });

    const secondSponsor = await createSponsor(tx, {
      email: 'sponsor2@example.com',
      password: DEMO_PASSWORD,
      business_name: 'Gulf Coast Realty',
      srep_id: marcus.id,
      phone_number: '7275550142',
      website: 'https://gulfcoastrealty.example.com',
      address: '400 Central Ave',
      city: 'St. Petersburg',
      state_id: florida?.id,
      zip: '33701',
      primary_name: 'Sam Ortega',
      primary_phone: '7275550143',
      details_completed_at: new Date(),
    });

    await seedCatalogue(tx, storage);
    await seedDemoOrders(tx, demoSchool.user.id);
    await seedDemoEnquiries(tx, {
      userId: demoSponsor.user.id,
      srepId: rep.id,
      name: demoSponsor.sponsor.primary_name,
      email: demoSponsor.user.email,
      phone: demoSponsor.sponsor.primary_phone,
      company: demoSponsor.sponsor.business_name,
    });
    await seedDemoSponsorships(tx, {
      first: { sponsorId: demoSponsor.user.id, repId: rep.id },
      second: { sponsorId: secondSponsor.user.id, repId: marcus.id },
    });
  });
  return true;
}
