import { schoolYearOf } from '@portal/contracts/school-years';
import type { Executor } from '../db/client.ts';
import { payment_allocations, payments, sponsorship_transactions } from '../db/schema/index.ts';
import { randomToken } from '../lib/tokens.ts';
import { writeSponsorshipPayLink } from '../modules/sponsorships/create-sponsorship-pay-link.ts';
import { createSponsorship, type NewSponsorshipItem } from './factories.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo sponsor's pay link for its Approved sponsorship, at /sponsorship-pay/demo-sponsorship-pay-link
 * (docs/product-notes.md): a fixed key, so that the demo can be shown without the back office.
 */
export const DEMO_PAY_LINK_KEY = 'demo-sponsorship-pay-link';

type Status = 'Requested' | 'Approved' | 'Partial' | 'Completed';

interface DemoSponsorship {
  yearsAgo: 0 | 1;
  status: Status;
  items: NewSponsorshipItem[];
  /** Card payments made, oldest first: cents, and whether the card went through. */
  attempts?: { cents: number; paid: boolean; daysAgo: number }[];
}

const planner = (
  school: string,
  county: string,
  size: string,
  rate: number,
  extra: Partial<NewSponsorshipItem> = {},
) => ({
  sponsorship_type: 'Student planner ad',
  county,
  book_name: school.includes('Middle') ? 'Middle school planner' : 'Elementary planner',
  school_name: school,
  adv_size: size,
  qty: 1,
  rate_cents: rate,
  artwork: 'Sponsor provides artwork',
  ...extra,
});

const tags = (county: string, qty: number, rate: number) => ({
  sponsorship_type: 'Car rider dismissal tags',
  county,
  qty,
  rate_cents: rate,
  adv_size: 'Logo on tag back',
  artwork: 'Design by our team',
  artwork_price_cents: 5_000,
});

/** Sunshine Dental Care's: every status, over this school year and the last. */
const FIRST: DemoSponsorship[] = [
  {
    yearsAgo: 1,
    status: 'Completed',
    items: [planner('Bayshore Elementary School', 'Hillsborough', 'Full page', 45_000), tags('Hillsborough', 500, 90)],
    attempts: [
      { cents: 95_000, paid: false, daysAgo: 330 },
      { cents: 95_000, paid: true, daysAgo: 329 },
    ],
  },
  {
    yearsAgo: 1,
    status: 'Completed',
    items: [
      planner('Coral Reef Middle School', 'Pinellas', 'Half page', 27_500, { comments: 'Back cover if available' }),
    ],
    attempts: [
      { cents: 12_500, paid: true, daysAgo: 300 },
      { cents: 15_000, paid: true, daysAgo: 270 },
    ],
  },
  {
    yearsAgo: 0,
    status: 'Requested',
    items: [planner('Westshore Elementary', 'Hillsborough', 'Quarter page', 15_000)],
  },
  {
    yearsAgo: 0,
    status: 'Approved',
    items: [planner('Palm River Elementary', 'Hillsborough', 'Full page', 45_000), tags('Hillsborough', 250, 90)],
  },
  {
    yearsAgo: 0,
    status: 'Partial',
    items: [planner('Bayshore Elementary School', 'Hillsborough', 'Full page', 45_000), tags('Pasco', 1000, 85)],
    attempts: [
      { cents: 20_000, paid: false, daysAgo: 12 },
      { cents: 50_000, paid: true, daysAgo: 11 },
    ],
  },
  {
    yearsAgo: 0,
    status: 'Completed',
    items: [planner('Gulf Breeze Middle School', 'Pinellas', 'Half page', 27_500)],
    attempts: [{ cents: 27_500, paid: true, daysAgo: 20 }],
  },
];

/** Gulf Coast Realty's, with the other sales rep. */
const SECOND: DemoSponsorship[] = [
  {
    yearsAgo: 1,
    status: 'Completed',
    items: [planner('Seminole Heights Elementary', 'Hillsborough', 'Half page', 27_500)],
    attempts: [{ cents: 27_500, paid: true, daysAgo: 310 }],
  },
  { yearsAgo: 0, status: 'Approved', items: [tags('Pinellas', 500, 90)] },
  {
    yearsAgo: 0,
    status: 'Partial',
    items: [planner('Lakewood Middle School', 'Pinellas', 'Full page', 45_000)],
    attempts: [{ cents: 15_000, paid: true, daysAgo: 5 }],
  },
];

/**
 * The demo sponsors' sponsorships (D17), their items and their card payments as the
 * product would have recorded them: each attempt a payment with its allocation and a
 * transaction, paid_cents the sum of those that went through.
 */
export async function seedDemoSponsorships(
  db: Executor,
  sponsors: { first: { sponsorId: number; repId: number }; second: { sponsorId: number; repId: number } },
  today = new Date(),
) {
  const thisYear = Number(schoolYearOf(today).slice(0, 4));
  for (const [owner, list] of [
    [sponsors.first, FIRST],
    [sponsors.second, SECOND],
  ] as const) {
    for (const demo of list) {
      const attempts = demo.attempts ?? [];
      const sponsorship = await createSponsorship(db, {
        sponsorId: owner.sponsorId,
        year: thisYear - demo.yearsAgo,
        status: demo.status,
        paid_cents: attempts.filter((a) => a.paid).reduce((sum, a) => sum + a.cents, 0),
        items: demo.items,
        created_by: owner.repId,
      });
      if (owner === sponsors.first && demo.status === 'Approved') {
        await writeSponsorshipPayLink(db, {
          sponsorshipId: sponsorship.id,
          createdBy: owner.repId,
          linkKey: DEMO_PAY_LINK_KEY,
          now: today,
        });
      }
      for (const attempt of attempts) {
        const at = new Date(today.getTime() - attempt.daysAgo * DAY);
        const ref = `ts_demo_${randomToken().slice(0, 16)}`;
        const [payment] = await db
          .insert(payments)
          .values({
            payment_key: randomToken(),
            kind: 'sponsorship',
            user_id: owner.sponsorId,
            amount_cents: attempt.cents,
            gateway: 'test',
            gateway_ref: ref,
            status: attempt.paid ? 'succeeded' : 'failed',
            confirmed_at: attempt.paid ? at : null,
            created_at: at,
          })
          .returning({ id: payments.id });
        if (!payment) throw new Error('payment insert returned no row');
        await db
          .insert(payment_allocations)
          .values({ payment_id: payment.id, sponsorship_id: sponsorship.id, amount_cents: attempt.cents });
        await db.insert(sponsorship_transactions).values({
          sponsorship_id: sponsorship.id,
          payment_id: payment.id,
          transaction_id: ref,
          amount_cents: attempt.cents,
          payment_status: attempt.paid ? 1 : 0,
          payment_date: at,
        });
      }
    }
  }
}
