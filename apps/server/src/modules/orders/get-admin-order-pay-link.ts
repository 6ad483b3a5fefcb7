import { MSG } from '@portal/contracts/messages';
import { formatMoney } from '@portal/contracts/money';
import type { TAdminOrderPayLinkResponse } from '@portal/contracts/pay-links';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { pay_links, users } from '../../db/schema/index.ts';
import { orderBalance } from './order-pay-link-balance.ts';

/** What staff see of an order's pay link: whether one may be sent (isPayable), for what balance, and those sent. */
export async function getAdminOrderPayLink(ctx: AppContext, orderId: number): Promise<TAdminOrderPayLinkResponse> {
  const balance = await orderBalance(ctx.db, orderId);
  const [school] = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, balance.order.school_user_id));
  const sent = await ctx.db
    .select({
      created_at: pay_links.created_at,
      expires_at: pay_links.expires_at,
      first: users.first_name,
      last: users.last_name,
      email: users.email,
    })
    .from(pay_links)
    .leftJoin(users, eq(users.id, pay_links.created_by))
    .where(and(eq(pay_links.kind, 'order'), eq(pay_links.order_id, orderId)))
    .orderBy(desc(pay_links.id))
    .limit(20);
  return {
    status: 'success',
    message: 'ok',
    payable: balance.payable,
    reason: balance.payable ? '' : balance.balanceCents === 0 ? MSG.orderNothingToPay : MSG.orderPayLinkNotPayable,
    balance: balance.balanceCents,
    balance_html: formatMoney(balance.balanceCents),
    paid_amount_html: formatMoney(balance.paidCents),
    email: school?.email ?? '',
    sent: sent.map((s) => ({
      created_at: s.created_at.toISOString(),
      expires_at: s.expires_at.toISOString(),
      sent_by: s.email ? [s.first, s.last].filter(Boolean).join(' ') || s.email : 'Payment reminder',
    })),
  };
}
