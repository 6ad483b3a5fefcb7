import type { SendMailOptions } from 'nodemailer';
import { accountAttachments } from '../../src/modules/invoices/mail-attachments.ts';
import { deliverMail } from '../../src/modules/mail/deliver-mail.ts';
import type { TestApp } from './test-app.ts';

/** What the mail server would be handed for an outbox message, attachments drawn as the delivery job draws them. */
export async function sentAs(t: TestApp, id: number): Promise<SendMailOptions> {
  const sent: SendMailOptions[] = [];
  const transport = { sendMail: async (message: SendMailOptions) => void sent.push(message) };
  await deliverMail(t.ctx, transport, id, accountAttachments(t.ctx));
  const [message] = sent;
  if (!message) throw new Error(`message ${id} was not sent`);
  return message;
}
