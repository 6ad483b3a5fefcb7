import { invoiceLabel } from '@portal/contracts/invoices';
import { formatMoney } from '@portal/contracts/money';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database, Executor } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';
import { longDate } from '../../lib/dates.ts';
import type { SchoolContact } from '../documents/school-contact.ts';
import type { MailAttachments } from '../mail/deliver-mail.ts';
import { renderMail } from '../mail/layout.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { renderStoredInvoice } from './invoice-document.ts';
import type { InvoiceRow } from './list-order-invoices.ts';

/** What the school is told of a document issued for its order. */
function invoiceNews(row: InvoiceRow, orderId: number): { subject: string; paragraphs: string[] } {
  const label = invoiceLabel(row.kind, row.number ?? 0);
  const amount = formatMoney(Math.abs(row.total_cents));
  if (row.kind === 'credit-note') {
    const credited = row.content?.adjusts ? ` of invoice ${row.content.adjusts}` : '';
    return {
      subject: `Credit note ${label} for your order #${orderId}`,
      paragraphs: [
        `We have issued credit note ${label}${credited} for your order #${orderId}: ${amount} taken off what the order was invoiced.`,
        'The credit note is attached as a PDF.',
      ],
    };
  }
  const difference = row.content?.adjusts ? ` for the change to your order since invoice ${row.content.adjusts}` : '';
  return {
    subject: `Invoice ${label} for your order #${orderId}`,
    paragraphs: [
      `We have issued invoice ${label}${difference} for your order #${orderId}: ${amount}${row.due_date ? `, due by ${longDate(row.due_date)}` : ''}.`,
      'The invoice is attached as a PDF; you can also pay it online from your order.',
    ],
  };
}

/**
 * E-mails the school the invoice or credit note just issued, with its PDF, in the
 * transaction that issued it: the mail exists exactly when the document does.
 */
export async function mailIssuedInvoice(
  ctx: AppContext,
  tx: Executor,
  row: InvoiceRow,
  order: { id: number; order_key: string },
  school: SchoolContact,
) {
  if (!school.email) return;
  const { subject, paragraphs } = invoiceNews(row, order.id);
  const mail = renderMail({
    subject,
    paragraphs: [...(school.name ? [`Dear ${school.name},`] : []), ...paragraphs],
    action: { label: 'View your order', url: `${ctx.config.publicUrl}/school/order/${order.order_key}` },
  });
  await queueMail(ctx, tx, {
    to: school.email,
    template: row.kind === 'credit-note' ? 'credit-note-issued' : 'invoice-issued',
    invoiceId: row.id,
    ...mail,
  });
}

/** The PDF of the issued document an outbox message carries, drawn from what it said when issued. */
export function invoiceAttachments(db: Database): MailAttachments {
  return async (mail) => {
    if (mail.invoice_id === null) return [];
    const [row] = await db.select().from(invoices).where(eq(invoices.id, mail.invoice_id));
    if (!row) return [];
    const { fileName, pdf } = await renderStoredInvoice(row);
    return [{ filename: fileName, content: pdf, contentType: 'application/pdf' }];
  };
}
