import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sponsorships } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

export type SponsorshipRow = typeof sponsorships.$inferSelect;

/** The sponsor's own sponsorship: another sponsor's is as unknown as one that does not exist (D11). */
export async function findSponsorSponsorship(db: Executor, sponsorId: number, id: number): Promise<SponsorshipRow> {
  const [row] = await db
    .select()
    .from(sponsorships)
    .where(and(eq(sponsorships.id, id), eq(sponsorships.sponsor_user_id, sponsorId)));
  if (!row) throw notFound();
  return row;
}
