import type { TContactFields } from '@portal/contracts/profiles';
import type { AppContext } from '../../context.ts';
import { contact_requests } from '../../db/schema/index.ts';
import { hit, LIMITS } from '../../lib/rate-limit.ts';
import { renderMail } from '../mail/layout.ts';
import { queueMail } from '../mail/queue-mail.ts';

type ContactInput = Required<{ [K in keyof TContactFields]: string }> & { idempotency_key?: string | undefined };

const SUBJECTS = {
  contact: 'New message from the contact form',
  sponsor: 'A business asks to become a sponsor',
} as const;

/**
 * Keeps a message from the public contact form or the sponsor form, and e-mails it to
 * the provider's staff at the support address (D8). A key already stored means this
 * submission was sent before (a double click, a retry): nothing is stored or sent again.
 * Each submission counts against the address it comes from (both forms together), so that
 * a script cannot fill the staff's inbox.
 */
export async function submitContactRequest(
  ctx: AppContext,
  kind: 'contact' | 'sponsor',
  input: ContactInput,
  sender: { userId?: number | undefined; ip: string },
): Promise<void> {
  await hit(ctx.db, LIMITS.contactPerIp, sender.ip);
  const { idempotency_key, ...fields } = input;
  const userId = sender.userId;
  const settings = await ctx.cache.settings.get();
  const mail = renderMail({
    subject: `${SUBJECTS[kind]}: ${input.company}`,
    paragraphs: [
      `${input.fullname} (${input.company}) wrote through the ${kind === 'sponsor' ? 'sponsor registration' : 'contact'} form.`,
      `E-mail: ${input.email}\nPhone: ${input.phone}\nCity and state: ${input.city}, ${input.state}`,
      input.message,
    ],
    signature: 'School Planner Savings website',
  });
  // The request and its e-mail commit together: one is never kept without the other.
  await ctx.db.transaction(async (tx) => {
    const stored = await tx
      .insert(contact_requests)
      .values({ kind, ...fields, user_id: userId ?? null, idempotency_key: idempotency_key ?? null })
      .onConflictDoNothing({ target: contact_requests.idempotency_key })
      .returning({ id: contact_requests.id });
    if (stored.length === 0) return;
    await queueMail(ctx, tx, { to: settings.support_email, template: `contact-${kind}`, ...mail });
  });
}
