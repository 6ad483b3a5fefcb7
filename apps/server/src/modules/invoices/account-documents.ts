import type { AppContext } from '../../context.ts';
import { renderReceipt, renderStatement } from '../documents/account-pdf.ts';
import { orderStatement, paymentReceipt } from './order-account-documents.ts';

/** The order's statement of account today, drawn: for the school's page and the back office alike. */
export async function statementPdf(ctx: AppContext, orderId: number) {
  const today = ctx.clock();
  const statement = await orderStatement(ctx, orderId, today);
  return { fileName: `statement-order-${orderId}-${statement.date}.pdf`, pdf: await renderStatement(statement) };
}

/** The receipt of one payment the order received, drawn. */
export async function receiptPdf(ctx: AppContext, orderId: number, paymentId: number) {
  const receipt = await paymentReceipt(ctx, orderId, paymentId, ctx.clock());
  return { fileName: `receipt-${paymentId}-order-${orderId}.pdf`, pdf: await renderReceipt(receipt) };
}
