import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { document_links } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';

/** How long a link to a document opens it. */
const LINK_MINUTES = 10;

/** What a link opens: one order's invoice or quote, or one sponsorship's summary. */
export type DocumentTarget =
  | { orderId: number; kind: 'invoice' | 'quote' }
  | { sponsorshipId: number; kind: 'sponsorship-summary' };

/**
 * A link that opens one document in a new tab (decision 012): the tab carries no session,
 * so the link is the credential, for this one document, its owner and a few minutes. The
 * token is returned once; only its hash is kept.
 */
export async function createDocumentLink(
  ctx: AppContext,
  { userId, target, issued }: { userId: number; target: DocumentTarget; issued: string },
): Promise<string> {
  const token = randomToken();
  await ctx.db.insert(document_links).values({
    token_hash: hashToken(token),
    user_id: userId,
    order_id: 'orderId' in target ? target.orderId : null,
    sponsorship_id: 'sponsorshipId' in target ? target.sponsorshipId : null,
    kind: target.kind,
    issued,
    expires_at: new Date(ctx.clock().getTime() + LINK_MINUTES * 60_000),
  });
  // Links long expired are of no use to anyone.
  await ctx.db.delete(document_links).where(lt(document_links.expires_at, sql`now() - interval '1 day'`));
  return token;
}

interface OpenedLink {
  /** The owner the link was made for: the document is read as theirs. */
  userId: number;
  /** YYYY-MM-DD: the date the document carries. */
  issued: string;
}

/**
 * The link a token opens while it is valid, of the family asked for: an order's link opens
 * no sponsorship and the other way round. Anything else opens nothing (404 `expired`).
 */
export async function openDocumentLink(
  ctx: AppContext,
  token: string,
  of: 'order',
  expired: string,
): Promise<OpenedLink & { orderId: number; kind: 'invoice' | 'quote' }>;
export async function openDocumentLink(
  ctx: AppContext,
  token: string,
  of: 'sponsorship',
  expired: string,
): Promise<OpenedLink & { sponsorshipId: number; kind: 'sponsorship-summary' }>;
export async function openDocumentLink(ctx: AppContext, token: string, of: 'order' | 'sponsorship', expired: string) {
  const [link] = await ctx.db
    .select()
    .from(document_links)
    .where(
      and(
        eq(document_links.token_hash, hashToken(token)),
        gt(document_links.expires_at, ctx.clock()),
        isNotNull(of === 'order' ? document_links.order_id : document_links.sponsorship_id),
      ),
    );
  const opened = link && { userId: link.user_id, issued: link.issued };
  if (opened && of === 'order' && link.order_id !== null && link.kind !== 'sponsorship-summary') {
    return { ...opened, orderId: link.order_id, kind: link.kind };
  }
  if (opened && of === 'sponsorship' && link.sponsorship_id !== null && link.kind === 'sponsorship-summary') {
    return { ...opened, sponsorshipId: link.sponsorship_id, kind: link.kind };
  }
  throw notFound(expired);
}
