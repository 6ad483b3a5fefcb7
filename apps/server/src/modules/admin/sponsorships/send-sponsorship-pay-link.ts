import type { SendPayLinkBody } from '@portal/contracts/admin-sponsorships';
import { leftToPay } from '@portal/contracts/sponsorship-rules';
import { amountToCents } from '@portal/contracts/sponsorships';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { randomToken } from '../../../lib/tokens.ts';
import { recordChange } from '../../audit/record-change.ts';
import { queueDelivery } from '../../mail/queue-mail.ts';
import { endEarlierPayLinks } from '../../pay-links/end-earlier-pay-links.ts';
import { payLinkUrl } from '../../pay-links/pay-link-url.ts';
import { queuePayLinkMail } from '../../pay-links/queue-pay-link-mail.ts';
import { writeSponsorshipPayLink } from '../../sponsorships/create-sponsorship-pay-link.ts';
import type { Staff } from '../staff.ts';
import { sponsorshipPayLinkMail } from './pay-link-mail.ts';
import { findStaffSponsor, findStaffSponsorship } from './staff-sponsorship.ts';

/**
 * Makes a pay link for a sponsorship (a set amount, or what is left) and e-mails it to the
 * sponsor or another address: the link, its e-mail and the audit row in one transaction. It
 * replaces the sponsorship's earlier links, which can no longer be shown (decision 029); the
 * answer carries the new one, this once.
 */
export async function sendSponsorshipPayLink(
  ctx: AppContext,
  staff: Staff,
  id: number,
  input: z.output<typeof SendPayLinkBody>,
  ip?: string,
): Promise<{ url: string; to: string }> {
  const sent = await ctx.db.transaction(async (tx) => {
    const sponsorship = await findStaffSponsorship(tx, staff, id, true);
    const sponsor = await findStaffSponsor(tx, staff, sponsorship.sponsor_user_id);
    const linkKey = randomToken();
    const amountCents = input.amount === '' ? undefined : amountToCents(input.amount);
    const now = ctx.clock();
    await endEarlierPayLinks(tx, { kind: 'sponsorship', sponsorshipId: id }, now);
    const link = await writeSponsorshipPayLink(tx, {
      sponsorshipId: id,
      ...(amountCents === undefined ? {} : { amountCents }),
      createdBy: staff.userId,
      linkKey,
      now,
    });
    const url = payLinkUrl(ctx.config.publicUrl, 'sponsorship', linkKey);
    const to = input.to || sponsor.email;
    const mail = sponsorshipPayLinkMail({
      sponsorshipId: id,
      company: sponsor.company,
      amountCents: amountCents ?? null,
      leftCents: leftToPay(sponsorship),
      url,
      expiresAt: link.expiresAt,
    });
    const mailId = await queuePayLinkMail(tx, { to, ...mail, template: 'sponsorship-pay-link' });
    await queueDelivery(ctx.jobs, tx, mailId);
    await recordChange(tx, {
      actorId: staff.userId,
      action: 'pay-link',
      entity: 'sponsorship',
      entityId: id,
      after: { pay_link_id: link.id, amount_cents: amountCents ?? null, to, expires_at: link.expiresAt },
      ip,
    });
    return { url, to };
  });
  return { url: sent.url, to: sent.to };
}
