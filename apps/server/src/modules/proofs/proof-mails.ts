import { PROOF_SHOWS_LABELS, type ProofShows } from '@portal/contracts/proofs';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { schoolContact } from '../documents/school-contact.ts';
import { renderMail } from '../mail/layout.ts';
import { queueMail } from '../mail/queue-mail.ts';

/** "custom cover", "custom pages": what a proof shows, inside a sentence. */
const what = (shows: ProofShows) => PROOF_SHOWS_LABELS[shows].toLowerCase();

interface ProofOrder {
  id: number;
  order_key: string;
  school_user_id: number;
}

/** Tells the school a proof is ready for its answer, with a link to its order (D14), in the proof's transaction. */
export async function mailSchoolProofReady(ctx: AppContext, tx: Executor, order: ProofOrder, shows: ProofShows) {
  const school = await schoolContact(tx, order.school_user_id);
  if (!school.email) return;
  const mail = renderMail({
    subject: `Your proof for order #${order.id} is ready: please approve it`,
    paragraphs: [
      ...(school.name ? [`Dear ${school.name},`] : []),
      `We have made a proof of your ${what(shows)} for order #${order.id}.`,
      'Please look at it on your order’s page, then approve it or tell us what to change. Your order goes into production once you have answered.',
    ],
    action: { label: 'Review the proof', url: `${ctx.config.publicUrl}/school/order/${order.order_key}` },
  });
  await queueMail(ctx, tx, { to: school.email, template: 'order-proof', ...mail });
}

/**
 * Tells staff the school's answer: the staff member who uploaded the proof, and the
 * support inbox, where the whole team sees it; in the answer's transaction.
 */
export async function mailStaffProofAnswer(
  ctx: AppContext,
  tx: Executor,
  order: ProofOrder,
  proof: { shows: ProofShows; status: 'approved' | 'changes_requested'; comment: string; uploaded_by: number },
) {
  const [settings, school, [uploader]] = await Promise.all([
    ctx.cache.settings.get(),
    schoolContact(tx, order.school_user_id),
    tx.select({ email: users.email }).from(users).where(eq(users.id, proof.uploaded_by)),
  ]);
  const schoolName = school.name || school.email;
  const approved = proof.status === 'approved';
  const mail = renderMail({
    subject: approved
      ? `Proof approved: order #${order.id}, ${schoolName}`
      : `Changes asked for the proof of order #${order.id}, ${schoolName}`,
    paragraphs: [
      approved
        ? `${schoolName} has approved the proof of its ${what(proof.shows)} for order #${order.id}.`
        : `${schoolName} asks for changes to the proof of its ${what(proof.shows)} for order #${order.id}.`,
      ...(proof.comment ? [`The school wrote: ${proof.comment}`] : []),
    ],
    action: { label: 'Open the order', url: `${ctx.config.publicUrl}/admin/orders/${order.id}` },
    signature: 'School Planner Savings website',
  });
  const to = new Set([uploader?.email, settings.support_email].filter((a): a is string => Boolean(a)));
  for (const address of to) await queueMail(ctx, tx, { to: address, template: 'order-proof-answer', ...mail });
}
