import { formatMoney, formatTaxRate } from '@portal/contracts/money';
import type { OrderStatus } from '@portal/contracts/orders';
import type { AppContext } from '../../../context.ts';
import type { Executor } from '../../../db/client.ts';
import { schoolContact } from '../../documents/school-contact.ts';
import { renderMail } from '../../mail/layout.ts';
import { queueMail } from '../../mail/queue-mail.ts';

/** What staff did to an order that the school is told of (D14, D15). */
export type OrderNews =
  | { kind: 'status'; status: OrderStatus }
  | { kind: 'delivery-date'; date: string }
  | {
      kind: 'tax';
      taxCents: number;
      totalCents: number;
      /** The rate the tax follows, in basis points; null for an amount. */
      rateBp: number | null;
      /** The tax it had before, when it had one. */
      wasCents: number | null;
    }
  | { kind: 'cancel-approved' }
  | { kind: 'cancel-declined'; message: string };

/** "Thursday, December 10, 2026": a delivery date as the school reads it. */
const longDay = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

function content(orderId: number, news: OrderNews): { subject: string; paragraphs: string[] } {
  const order = `order #${orderId}`;
  switch (news.kind) {
    case 'status':
      return {
        subject: `Your ${order} is now ${news.status}`,
        paragraphs: [`The status of your ${order} has changed to ${news.status}.`],
      };
    case 'delivery-date':
      return {
        subject: `Delivery date for your ${order}`,
        paragraphs: [`Your ${order} is planned for delivery on ${longDay(news.date)}.`],
      };
    case 'tax': {
      const amount =
        news.rateBp === null
          ? formatMoney(news.taxCents)
          : `${formatMoney(news.taxCents)} (${formatTaxRate(news.rateBp)} of the subtotal, worked out again if the order changes)`;
      return news.wasCents === null
        ? {
            subject: `Tax added to your ${order}`,
            paragraphs: [
              `We have added the sales tax to your ${order}: ${amount}.`,
              `The new total of your order is ${formatMoney(news.totalCents)}.`,
            ],
          }
        : {
            subject: `Tax changed on your ${order}`,
            paragraphs: [
              `We have changed the sales tax on your ${order} from ${formatMoney(news.wasCents)} to ${amount}.`,
              `The new total of your order is ${formatMoney(news.totalCents)}.`,
            ],
          };
    }
    case 'cancel-approved':
      return {
        subject: `Your ${order} has been cancelled`,
        paragraphs: [`As you asked, we have cancelled your ${order}.`],
      };
    case 'cancel-declined':
      return {
        subject: `About your request to cancel ${order}`,
        paragraphs: [`We could not cancel your ${order}.`, news.message],
      };
  }
}

/** E-mails the school what staff changed on its order, with a link to it, in the change's transaction. */
export async function mailSchoolOrderNews(
  ctx: AppContext,
  tx: Executor,
  order: { id: number; order_key: string; school_user_id: number },
  news: OrderNews,
) {
  const school = await schoolContact(tx, order.school_user_id);
  if (!school.email) return;
  const { subject, paragraphs } = content(order.id, news);
  const mail = renderMail({
    subject,
    paragraphs: [...(school.name ? [`Dear ${school.name},`] : []), ...paragraphs],
    action: { label: 'View your order', url: `${ctx.config.publicUrl}/school/order/${order.order_key}` },
  });
  await queueMail(ctx, tx, { to: school.email, template: `order-${news.kind}`, ...mail });
}
