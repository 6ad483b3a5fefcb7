import type { TUpdateToEnquiryBody } from '@portal/contracts/enquiries';
import { MSG } from '@portal/contracts/messages';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { enquiries, products, sponsors, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { enquiryMail } from './enquiry-mails.ts';

type EnquiryInput = Pick<Required<TUpdateToEnquiryBody>, 'fullname' | 'email' | 'phone' | 'company' | 'message'>;

const rep = alias(users, 'rep');

/**
 * Sends the sponsor's enquiry (updatetoenq): the temporary enquiry becomes submitted and is
 * e-mailed to the sponsor's sales rep, with a copy to the sponsor (D14). The enquiry itself
 * is what makes a doubled send one: only the update that finds it unsent changes it (the
 * row's lock makes sends at once wait for each other), and only that one e-mails. A later
 * send of the same enquiry (a double click, a retry, another tab) answers as the first did.
 */
export async function submitEnquiry(
  ctx: AppContext,
  sponsorUserId: number,
  enqKey: string,
  input: EnquiryInput,
): Promise<string> {
  const [sponsor] = await ctx.db
    .select({ srep_id: sponsors.srep_id })
    .from(sponsors)
    .where(eq(sponsors.user_id, sponsorUserId));
  const [sent] = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(enquiries)
      .set({
        fullname: input.fullname,
        email: input.email,
        phone: input.phone,
        company: input.company,
        message: input.message,
        // The rep the sponsor has now; one assigned since the enquiry began is the one who answers.
        ...(sponsor?.srep_id ? { srep_id: sponsor.srep_id } : {}),
        submitted_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where(
        and(
          eq(enquiries.enq_key, enqKey),
          eq(enquiries.sponsor_user_id, sponsorUserId),
          isNull(enquiries.submitted_at),
        ),
      )
      .returning({
        id: enquiries.id,
        product_id: enquiries.product_id,
        srep_id: enquiries.srep_id,
        qty: enquiries.qty,
      });
    for (const row of rows) {
      await recordChange(tx, {
        actorId: sponsorUserId,
        action: 'submit',
        entity: 'enquiry',
        entityId: row.id,
        after: { qty: row.qty, srep_id: row.srep_id, company: input.company, message: input.message },
      });
      await mailEnquiry(ctx, tx, sponsorUserId, enqKey, { ...input, ...row });
    }
    return rows;
  });
  if (!sent) {
    const [before] = await ctx.db
      .select({ id: enquiries.id })
      .from(enquiries)
      .where(and(eq(enquiries.enq_key, enqKey), eq(enquiries.sponsor_user_id, sponsorUserId)));
    if (!before) throw notFound(MSG.enquiryNotFound);
    return enqKey;
  }
  return enqKey;
}

/** The enquiry's e-mail, queued in the transaction that sends the enquiry. */
async function mailEnquiry(
  ctx: AppContext,
  tx: Executor,
  sponsorUserId: number,
  enqKey: string,
  e: EnquiryInput & { id: number; product_id: number; srep_id: number | null; qty: number },
) {
  const [row] = await tx
    .select({
      sponsor_email: users.email,
      business: sponsors.business_name,
      product: products.product_name,
      rep_email: rep.email,
      rep_first: rep.first_name,
      rep_last: rep.last_name,
    })
    .from(users)
    .leftJoin(sponsors, eq(sponsors.user_id, users.id))
    .innerJoin(products, eq(products.id, e.product_id))
    .leftJoin(rep, eq(rep.id, e.srep_id ?? -1))
    .where(eq(users.id, sponsorUserId));
  if (!row) throw notFound(MSG.enquiryNotFound);
  // A sponsor not yet given a rep still reaches someone: the support address.
  const to = row.rep_email ?? (await ctx.cache.settings.get()).support_email;
  const mail = enquiryMail({
    enqId: e.id,
    business: row.business ?? '',
    product: row.product,
    qty: e.qty,
    fullname: e.fullname,
    email: e.email,
    phone: e.phone,
    company: e.company,
    message: e.message,
    repName: [row.rep_first, row.rep_last].filter(Boolean).join(' '),
    link: `${ctx.config.publicUrl}/sponsor/enquiry/${enqKey}`,
  });
  await queueMail(ctx, tx, { to, cc: row.sponsor_email, template: 'enquiry', ...mail });
}
