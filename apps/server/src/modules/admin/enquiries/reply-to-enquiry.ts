import { MSG } from '@portal/contracts/messages';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { enquiry_replies, products, users } from '../../../db/schema/index.ts';
import { conflict } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { enquiryReplyMail } from '../sponsors/sponsor-mails.ts';
import type { Staff } from '../staff.ts';
import { findStaffEnquiry } from './find-staff-enquiry.ts';

/**
 * A staff reply to an enquiry: stored in its thread, audited, and the sponsor is told by
 * e-mail with a link to its enquiry page, where the reply shows. A closed enquiry takes none.
 */
export async function replyToEnquiry(ctx: AppContext, staff: Staff, id: number, message: string, ip: string) {
  await ctx.db.transaction(async (tx) => {
    const enquiry = await findStaffEnquiry(tx, staff, id, true);
    if (enquiry.closed_at) throw conflict(MSG.enquiryIsClosed);
    const [reply] = await tx
      .insert(enquiry_replies)
      .values({ enquiry_id: id, author_user_id: staff.userId, message })
      .returning({ id: enquiry_replies.id });
    await recordChange(tx, {
      actorId: staff.userId,
      action: 'reply',
      entity: 'enquiry',
      entityId: id,
      after: { reply_id: reply?.id, message },
      ip,
    });
    const [facts] = await tx
      .select({
        product: products.product_name,
        sponsorEmail: sql<string>`(select ${users.email} from ${users} where ${users.id} = ${enquiry.sponsor_user_id})`,
        author: sql<string>`(select coalesce(nullif(trim(${users.first_name} || ' ' || ${users.last_name}), ''), 'Your sales representative') from ${users} where ${users.id} = ${staff.userId})`,
      })
      .from(products)
      .where(eq(products.id, enquiry.product_id));
    const link = `${ctx.config.publicUrl}/sponsor/enquiry/${enquiry.enq_key}`;
    const mail = enquiryReplyMail(link, id, facts?.product ?? '', facts?.author ?? 'Your sales representative');
    await queueMail(ctx, tx, { to: facts?.sponsorEmail ?? enquiry.email, template: 'enquiry-reply', ...mail });
  });
}
