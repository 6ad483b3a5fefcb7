import { formatMoney } from '@portal/contracts/money';
import { canFinalizeAsReserved, lockMessage, lockReason } from '@portal/contracts/order-rules';
import { FORM_FILE_TYPES, type TTempOrderResponse } from '@portal/contracts/orders';
import { reservableYears } from '@portal/contracts/school-years';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { school_documents } from '../../db/schema/index.ts';
import { isoDay } from '../../lib/dates.ts';
import { findSchoolOrder } from './find-school-order.ts';
import { listOrderFiles } from './list-order-files.ts';
import { orderFileEntry } from './order-file-entry.ts';
import { wireCosts, wirePricing } from './wire-prices.ts';

/** The school's newest tax-exemption certificate, offered again on each order; expired once its date has passed. */
async function currentTaxCertificate(ctx: AppContext, schoolUserId: number, today: Date) {
  const [certificate] = await ctx.db
    .select({
      file_name: school_documents.file_name,
      stored_name: school_documents.stored_name,
      expires_on: school_documents.expires_on,
    })
    .from(school_documents)
    .where(and(eq(school_documents.school_user_id, schoolUserId), eq(school_documents.kind, 'tax_certificate')))
    .orderBy(desc(school_documents.created_at), desc(school_documents.id))
    .limit(1);
  if (!certificate) return null;
  const { file_name, stored_name, expires_on } = certificate;
  return {
    ...orderFileEntry(file_name, stored_name),
    expires_on,
    expired: expires_on !== null && expires_on < isoDay(today),
  };
}

/** What the reservation form opens with (temporder): the order, its prices, the cost sheet, the years, the files. */
export async function getOrderForm(
  ctx: AppContext,
  schoolUserId: number,
  orderKey: string,
  today: Date,
): Promise<TTempOrderResponse> {
  const { order, product, costs } = await findSchoolOrder(ctx.db, schoolUserId, orderKey);
  const { cancel_cutoff: cutoffDay } = await ctx.cache.settings.get();
  const locked = lockReason(order, today, cutoffDay);
  const pricing = wirePricing(order.custom_price, order.total_cents, order.has_tax);
  return {
    status: 'success',
    message: 'ok',
    order: {
      ...pricing,
      order_id: order.id,
      order_key: order.order_key,
      custom_fields: order.custom_fields,
      order_status: order.status,
      current_order_status: order.status,
      editable: locked === undefined,
      lock_reason: locked ? lockMessage(locked, order.school_year, cutoffDay) : '',
      finalize_only: canFinalizeAsReserved(order, today, cutoffDay),
      free_tnc_req: order.free_tnc_req,
      free_tnc_accepted: order.free_tnc_accepted_at !== null,
      product: {
        name: product.name,
        slug: product.slug,
        image: product.image,
        category: product.category,
        regular_price_html: formatMoney(product.price_cents),
        total_amount_html: pricing.total_amount_html,
      },
    },
    // Nothing saved yet: the form starts empty.
    isneworder: Object.keys(order.custom_fields).length === 0,
    costs: wireCosts(costs),
    rangeyear: reservableYears(today),
    files: await listOrderFiles(ctx.db, order.id, FORM_FILE_TYPES),
    tax_certificate: await currentTaxCertificate(ctx, schoolUserId, today),
  };
}
