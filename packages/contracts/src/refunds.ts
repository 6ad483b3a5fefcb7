import { z } from 'zod';
import { dollars } from './admin-sponsorships.ts';
import { MSG, tooLong } from './messages.ts';
import './zod-messages.ts';

/** Money given back by staff, of an order's or a sponsorship's payments (decision 033). */

/** How money goes back: to the card through the gateway, or by a check or transfer staff send. */
export const REFUND_METHODS = ['card', 'offline'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/**
 * POST /api/admin/orders/:id/refund and /api/admin/sponsorships/:id/refund: give back all or
 * part of one payment the record received (of a sponsorship, its share of the payment).
 */
export const AdminRefundBody = z
  .object({
    payment_id: z.number({ error: MSG.invalidValue }).int().min(1),
    method: z.enum(REFUND_METHODS, { error: MSG.adminRefundMethodRequired }),
    amount: dollars(true),
    /** The check number or the transfer's reference: required when the money goes back by hand. */
    reference: z.string().trim().max(60, tooLong(60)).default(''),
    reason: z.string().trim().min(1, MSG.adminRefundReasonRequired).max(300, tooLong(300)),
  })
  .superRefine((body, ctx) => {
    if (body.method === 'offline' && !body.reference) {
      ctx.addIssue({ code: 'custom', path: ['reference'], message: MSG.adminOfflineReferenceRequired });
    }
  });
export type TAdminRefundBody = z.input<typeof AdminRefundBody>;
