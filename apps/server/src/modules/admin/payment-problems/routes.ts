import { ErrorEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import {
  AdminPaymentDisputesResponse,
  AdminPaymentProblemsResponse,
  PaymentProblemParams,
  type PaymentProblemResolution,
  ResolvePaymentProblemBody,
  ResolvePaymentProblemResponse,
} from '@portal/contracts/payment-problems';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { listPaymentDisputes } from '../../payments/list-payment-disputes.ts';
import { listPaymentProblems, resolvePaymentProblem } from '../../payments/payment-problems.ts';
import { requireAdmin } from '../staff.ts';

const tags = ['back office: problem payments'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

const DONE: Record<PaymentProblemResolution, string> = {
  record: MSG.paymentProblemRecorded,
  refund: MSG.paymentProblemRefunded,
  fail: MSG.paymentProblemFailed,
};

/** Payments the gateway took that could not be counted as they stood (decision 035): administrators only. */
export function adminPaymentProblemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/payment-problems',
      {
        schema: {
          tags,
          summary: 'Payments awaiting a decision: another amount paid than asked, or more than is owed, oldest first',
          response: { 200: AdminPaymentProblemsResponse, ...errors },
        },
      },
      async (request) => {
        await requireAdmin(ctx, request);
        return { status: 'success' as const, message: 'ok', rows: await listPaymentProblems(ctx.db) };
      },
    );

    app.get(
      '/payment-disputes',
      {
        schema: {
          tags,
          summary:
            'Card disputes reported by the gateway: open ones, soonest answer first, then those decided in the last 90 days',
          response: { 200: AdminPaymentDisputesResponse, ...errors },
        },
      },
      async (request) => {
        await requireAdmin(ctx, request);
        return { status: 'success' as const, message: 'ok', disputes: await listPaymentDisputes(ctx.db, ctx.clock()) };
      },
    );

    app.post(
      '/payment-problems/:id/resolve',
      {
        schema: {
          tags,
          summary:
            'Decide a problem payment: record it at the amount paid, refund it to the card, or mark it failed; kept with the note in its history',
          params: PaymentProblemParams,
          body: ResolvePaymentProblemBody,
          response: { 200: ResolvePaymentProblemResponse, ...errors, 503: ErrorEnvelope },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        const { resolution, note } = request.body;
        const done = await resolvePaymentProblem(ctx, {
          paymentId: request.params.id,
          resolution,
          note,
          actorId: staff.userId,
          ip: request.ip,
        });
        return { status: 'success' as const, message: DONE[resolution], resolution, amount_cents: done.amountCents };
      },
    );
  };
}
