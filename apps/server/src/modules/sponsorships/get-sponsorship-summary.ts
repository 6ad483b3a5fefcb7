import { MSG } from '@portal/contracts/messages';
import { leftToPay } from '@portal/contracts/sponsorship-rules';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { sponsorship_items, sponsorship_transactions } from '../../db/schema/index.ts';
import { isoDay } from '../../lib/dates.ts';
import { createDocumentLink, openDocumentLink } from '../documents/document-links.ts';
import { documentProvider } from '../documents/document-provider.ts';
import { sponsorContact } from '../sponsors/sponsor-contact.ts';
import { findSponsorSponsorship, type SponsorshipRow } from './find-sponsor-sponsorship.ts';
import { renderSponsorshipSummary } from './sponsorship-summary-pdf.ts';
import { SUMMARY_TEXT } from './sponsorship-summary-text.ts';

type Pdf = { fileName: string; pdf: Buffer };

/**
 * The summary of the sponsor's own sponsorship, dated today (sponsorshipsummary, for API
 * clients with a bearer token). Another sponsor's is as unknown as one that does not exist.
 */
export async function getSponsorshipSummary(ctx: AppContext, sponsorId: number, sponsorshipId: number): Promise<Pdf> {
  const row = await findSponsorSponsorship(ctx.db, sponsorId, sponsorshipId);
  return sponsorshipSummary(ctx, row, isoDay(ctx.clock()));
}

/**
 * A link that opens the summary of the sponsor's own sponsorship in a new tab
 * (sponsorshipdocumentlink), as an order's documents are opened (decision 012).
 */
export async function createSponsorshipDocumentLink(
  ctx: AppContext,
  sponsorId: number,
  sponsorshipId: number,
): Promise<string> {
  const row = await findSponsorSponsorship(ctx.db, sponsorId, sponsorshipId);
  const token = await createDocumentLink(ctx, {
    userId: sponsorId,
    target: { sponsorshipId: row.id, kind: 'sponsorship-summary' },
    issued: isoDay(ctx.clock()),
  });
  return `/api/sponsorshipdocument/${token}`;
}

/** The summary a link opens, made afresh from the sponsorship as it is now. */
export async function openSponsorshipDocumentLink(ctx: AppContext, token: string): Promise<Pdf> {
  const link = await openDocumentLink(ctx, token, 'sponsorship', MSG.sponsorshipDocumentLinkExpired);
  const row = await findSponsorSponsorship(ctx.db, link.userId, link.sponsorshipId);
  return sponsorshipSummary(ctx, row, link.issued);
}

async function sponsorshipSummary(ctx: AppContext, row: SponsorshipRow, issued: string): Promise<Pdf> {
  const [provider, sponsor, items, payments] = await Promise.all([
    documentProvider(ctx),
    sponsorContact(ctx.db, row.sponsor_user_id),
    ctx.db
      .select()
      .from(sponsorship_items)
      .where(eq(sponsorship_items.sponsorship_id, row.id))
      .orderBy(asc(sponsorship_items.id)),
    // Only the payments confirmed (status 1): a failed attempt paid nothing (D13).
    ctx.db
      .select({
        date: sponsorship_transactions.payment_date,
        reference: sponsorship_transactions.transaction_id,
        amount: sponsorship_transactions.amount_cents,
      })
      .from(sponsorship_transactions)
      .where(and(eq(sponsorship_transactions.sponsorship_id, row.id), eq(sponsorship_transactions.payment_status, 1)))
      .orderBy(asc(sponsorship_transactions.payment_date), asc(sponsorship_transactions.id)),
  ]);
  const pdf = await renderSponsorshipSummary({
    sponsorshipId: row.id,
    // The year is kept as the calendar year the school year starts in, that August.
    schoolYear: `${row.year}-${row.year + 1}`,
    status: row.status,
    issued,
    provider,
    sponsor,
    items: items.map((i) => ({
      type: i.sponsorship_type,
      county: i.county,
      bookName: i.book_name,
      schoolName: i.school_name,
      adSize: i.adv_size,
      qty: i.qty,
      rateCents: i.rate_cents,
      artwork: i.artwork,
      artworkPriceCents: i.artwork_price_cents,
      totalCents: i.total_cents,
      comments: i.comments,
    })),
    totalCents: row.total_cents,
    payments: payments.map((p) => ({ date: isoDay(p.date), reference: p.reference, amountCents: p.amount })),
    paidCents: row.paid_cents,
    balanceCents: leftToPay(row),
  });
  return { fileName: SUMMARY_TEXT.fileName(row.id), pdf };
}
