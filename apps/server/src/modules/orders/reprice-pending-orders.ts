import { costSheetTooLarge } from '@portal/contracts/messages';
import { MONEY_MAX_CENTS } from '@portal/contracts/money';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { recordChanges } from '../audit/record-change.ts';
import { type CostSheet, priceOrder } from './price-order.ts';
import { storedAnswers } from './save-order-form.ts';

/**
 * Prices the product's Pending orders again from its new cost sheet, in the transaction
 * that changes the sheet: a Pending draft takes a new price at once (its form, list and
 * quote show it), while an order already Reserved or placed keeps the sheet it was given.
 * Each order repriced has it in its history, as the change of the staff member who saved
 * the sheet. Prices that would take one past what an order may cost refuse the sheet.
 * Answers how many orders changed price.
 */
export async function repricePendingOrders(
  tx: Executor,
  productId: number,
  costs: CostSheet,
  by: { userId: number; ip?: string | undefined },
): Promise<number> {
  const pending = await tx
    .select({
      id: orders.id,
      custom_fields: orders.custom_fields,
      total_cents: orders.total_cents,
      custom_price: orders.custom_price,
      has_tax: orders.has_tax,
      tax_cents: orders.tax_cents,
      tax_rate_bp: orders.tax_rate_bp,
      tax_basis_cents: orders.tax_basis_cents,
    })
    .from(orders)
    .where(and(eq(orders.product_id, productId), eq(orders.status, 'Pending')))
    .for('update');
  const changed = pending.flatMap((order) => {
    const priced = priceOrder(storedAnswers(order.custom_fields), costs, order);
    if (priced.subtotal > MONEY_MAX_CENTS) throw badRequest(costSheetTooLarge(order.id));
    if (JSON.stringify(priced.rows) === JSON.stringify(order.custom_price) && priced.total === order.total_cents) {
      return [];
    }
    return [
      {
        id: order.id,
        price: priced.rows,
        subtotal: priced.subtotal,
        tax: priced.tax,
        has_tax: priced.taxed.has_tax,
        tax_basis: priced.taxed.tax_basis_cents,
        total: priced.total,
        was: order.total_cents,
      },
    ];
  });
  if (changed.length === 0) return 0;
  await tx.execute(sql`update ${orders} set
      custom_price = w.price, subtotal_cents = w.subtotal, tax_cents = w.tax, has_tax = w.has_tax,
      tax_basis_cents = w.tax_basis, total_cents = w.total, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as w(id int, price jsonb, subtotal int, tax int,
      has_tax boolean, tax_basis int, total int)
    where ${orders.id} = w.id and ${orders.status} = 'Pending'`);
  await recordChanges(
    tx,
    changed.map((order) => ({
      actorId: by.userId,
      action: 'reprice',
      entity: 'order' as const,
      entityId: order.id,
      before: { total_cents: order.was },
      after: { total_cents: order.total },
      ip: by.ip,
    })),
  );
  return changed.length;
}
