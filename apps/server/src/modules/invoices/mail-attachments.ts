import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { payments } from '../../db/schema/index.ts';
import type { MailAttachments } from '../mail/deliver-mail.ts';
import { receiptPdf } from './account-documents.ts';
import { invoiceAttachments } from './invoice-mail.ts';

/**
 * The papers an outbox message carries, drawn as it is sent: the issued invoice or credit
 * note (as it was issued), or the receipt of the order's payment it tells of (as it stands
 * that day, with anything refunded of it since).
 */
export function accountAttachments(ctx: AppContext): MailAttachments {
  const invoiceFiles = invoiceAttachments(ctx.db);
  return async (mail) => {
    if (mail.invoice_id !== null) return invoiceFiles(mail);
    if (mail.payment_id === null) return [];
    const [payment] = await ctx.db
      .select({ order_id: payments.order_id, status: payments.status })
      .from(payments)
      .where(eq(payments.id, mail.payment_id));
    if (!payment || payment.order_id === null || payment.status !== 'succeeded') return [];
    const { fileName, pdf } = await receiptPdf(ctx, payment.order_id, mail.payment_id);
    return [{ filename: fileName, content: pdf, contentType: 'application/pdf' }];
  };
}
