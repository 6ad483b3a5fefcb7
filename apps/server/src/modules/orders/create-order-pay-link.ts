import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { schools, users } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { randomToken } from '../../lib/tokens.ts';
import { recordChange } from '../audit/record-change.ts';
import { queueDelivery } from '../mail/queue-mail.ts';
import { endEarlierPayLinks } from '../pay-links/end-earlier-pay-links.ts';
import { payLinkUrl } from '../pay-links/pay-link-url.ts';
import { queuePayLinkMail } from '../pay-links/queue-pay-link-mail.ts';
import { writePayLink } from '../pay-links/write-pay-link.ts';
import { orderBalance } from './order-pay-link-balance.ts';
import { orderPayLinkMail } from './order-pay-link-mail.ts';

export interface WrittenOrderPayLink {
  id: number;
  url: string;
  expiresAt: Date;
  balanceCents: number;
  /** The school's own address and name. */
  email: string;
  school: string;
}

/**
 * Writes a pay link for the balance of an order, locked in the caller's transaction, when
 * the order may be paid (isPayable, the one rule); 409 otherwise. The link has no amount
 * of its own: it pays whatever the balance is when it is used.
 */
export async function writeOrderPayLink(
  ctx: Pick<AppContext, 'config'>,
  tx: Executor,
  input: { orderId: number; createdBy?: number | undefined; now: Date },
): Promise<WrittenOrderPayLink> {
  const balance = await orderBalance(tx, input.orderId, true);
  if (!balance.payable) {
    throw conflict(balance.balanceCents === 0 ? MSG.orderNothingToPay : MSG.orderPayLinkNotPayable);
  }
  const link = await writePayLink(tx, {
    target: { kind: 'order', orderId: input.orderId },
    createdBy: input.createdBy,
    linkKey: randomToken(),
    now: input.now,
  });
  const [school] = await tx
    .select({ email: users.email, name: schools.school_name })
    .from(users)
    .leftJoin(schools, eq(schools.user_id, users.id))
    .where(eq(users.id, balance.order.school_user_id));
  return {
    id: link.id,
    url: payLinkUrl(ctx.config.publicUrl, 'order', link.linkKey),
    expiresAt: link.expiresAt,
    balanceCents: balance.balanceCents,
    email: school?.email ?? '',
    school: school?.name ?? '',
  };
}

/**
 * Staff e-mail a link to pay the order's balance to the school (or another address): the
 * link, its e-mail and the audit row in one transaction, its delivery queued with them. It
 * replaces the order's earlier links, which can no longer be shown (decision 029); the answer
 * carries the new one, this once.
 */
export async function sendOrderPayLink(
  ctx: AppContext,
  staff: { userId: number; ip?: string | undefined },
  orderId: number,
  input: { to: string },
): Promise<{ url: string; to: string }> {
  const sent = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    await endEarlierPayLinks(tx, { kind: 'order', orderId }, now);
    const link = await writeOrderPayLink(ctx, tx, { orderId, createdBy: staff.userId, now });
    const to = input.to || link.email;
    const mail = orderPayLinkMail({
      orderId,
      school: link.school,
      balanceCents: link.balanceCents,
      url: link.url,
      expiresAt: link.expiresAt,
    });
    const mailId = await queuePayLinkMail(tx, { to, ...mail, template: 'order-pay-link' });
    await queueDelivery(ctx.jobs, tx, mailId);
    await recordChange(tx, {
      actorId: staff.userId,
      action: 'pay-link',
      entity: 'order',
      entityId: orderId,
      after: { pay_link_id: link.id, balance_cents: link.balanceCents, to, expires_at: link.expiresAt },
      ip: staff.ip,
    });
    return { url: link.url, to };
  });
  return { url: sent.url, to: sent.to };
}
