import { centsToDecimal, formatMoney } from '@portal/contracts/money';
import type { OrderStatus } from '@portal/contracts/orders';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import type { PriceRow } from '../../db/schema/orders.ts';
import { renderMail } from '../mail/layout.ts';
import { queueMail } from '../mail/queue-mail.ts';

/** One line a row: "Planners — 200 × $4.50 = $900.00". */
function summaryLine(row: PriceRow): string {
  if (row.name === 'Subtotal') return `Subtotal: ${formatMoney(row.amount ?? 0)}`;
  if (row.amount === null) return `${row.name}: ${row.qty}, price to be announced`;
  return `${row.name}: ${row.qty} × $${centsToDecimal(row.unit_price ?? 0)} = ${formatMoney(row.amount)}`;
}

/** Tells the school that its order was reserved or placed, with the summary, and sends staff a copy (D14). */
export async function queueOrderMails(
  ctx: AppContext,
  order: {
    orderId: number;
    orderKey: string;
    schoolUserId: number;
    status: OrderStatus;
    rows: PriceRow[];
    total: number;
  },
) {
  const [school] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, order.schoolUserId));
  if (!school) return;
  const placed = order.status === 'Order Placed';
  const subject = placed ? `Order #${order.orderId} placed` : `Reservation #${order.orderId} received`;
  const summary = [...order.rows.map(summaryLine), `Total: ${formatMoney(order.total)}`].join('\n');
  const link = `${ctx.config.publicUrl}/school/order/${order.orderKey}`;
  const forSchool = renderMail({
    subject,
    paragraphs: [
      placed
        ? `Thank you: your order #${order.orderId} has been placed.`
        : `Thank you: we have your reservation #${order.orderId}. You can change it until 1 May before the school year starts.`,
      summary,
      'Tax, where it applies, is added by our team before the invoice.',
    ],
    action: { label: 'Manage your order', url: link },
  });
  await queueMail(ctx, { to: school.email, template: placed ? 'order-placed' : 'order-reserved', ...forSchool });
  const settings = await ctx.cache.settings.get();
  const forStaff = renderMail({
    subject: `${subject} by ${school.email}`,
    paragraphs: [`${school.email} ${placed ? 'placed' : 'reserved'} order #${order.orderId}.`, summary],
    action: { label: 'Open the order', url: link },
    signature: 'School Planner Savings website',
  });
  await queueMail(ctx, { to: settings.support_email, template: 'order-staff-copy', ...forStaff });
}
