import {
  AdminSponsorshipDetailResponse,
  AdminSponsorshipParams,
  AdminSponsorshipPayLinkSent,
  AdminSponsorshipSaved,
  AdminSponsorshipsQuery,
  AdminSponsorshipsResponse,
  CloseCheckoutBody,
  CreateAdminSponsorshipBody,
  OfflinePaymentBody,
  SendPayLinkBody,
  SponsorChoicesQuery,
  SponsorChoicesResponse,
  UpdateSponsorshipItemsBody,
} from '@portal/contracts/admin-sponsorships';
import { ErrorEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import { AdminRefundBody } from '@portal/contracts/refunds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { requireAdmin, requireStaffMember } from '../staff.ts';
import { sendStaffAnswer } from '../staff-answers.ts';
import { approveSponsorship } from './approve-sponsorship.ts';
import { closeSponsorshipCheckout } from './close-sponsorship-checkout.ts';
import { createAdminSponsorship } from './create-admin-sponsorship.ts';
import { getAdminSponsorship } from './get-admin-sponsorship.ts';
import { listAdminSponsorships } from './list-admin-sponsorships.ts';
import { listSponsorChoices } from './list-sponsor-choices.ts';
import { recordSponsorshipOfflinePayment } from './record-sponsorship-offline-payment.ts';
import { refundSponsorshipPayment } from './refund-sponsorship-payment.ts';
import { sendSponsorshipPayLink } from './send-sponsorship-pay-link.ts';
import { updateSponsorshipItems } from './update-sponsorship-items.ts';

const tags = ['back office: sponsorships'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const saved = (message: string, id: number) => ({ status: 'success' as const, message, sponsorship_id: id });

/** Sponsorships in the back office (D15): administrators see all, a rep their own sponsors' only. */
export function adminSponsorshipRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/sponsorships',
      {
        schema: {
          tags,
          summary: 'Sponsorships, filtered, sorted and paged',
          querystring: AdminSponsorshipsQuery,
          response: { 200: AdminSponsorshipsResponse, ...errors },
        },
      },
      async (request, reply) => {
        const staff = await requireStaffMember(ctx, request);
        return sendStaffAnswer(ctx, request, reply, staff, AdminSponsorshipsResponse, () =>
          listAdminSponsorships(ctx.db, staff, request.query),
        );
      },
    );

    app.get(
      '/sponsorships/sponsors',
      {
        schema: {
          tags,
          summary: 'Sponsors a sponsorship may be set up for, by company or e-mail',
          querystring: SponsorChoicesQuery,
          response: { 200: SponsorChoicesResponse, ...errors },
        },
      },
      async (request) => listSponsorChoices(ctx.db, await requireStaffMember(ctx, request), request.query),
    );

    app.post(
      '/sponsorships',
      {
        schema: {
          tags,
          summary: 'Set up a sponsorship for a sponsor with its items (Requested)',
          body: CreateAdminSponsorshipBody,
          response: { 200: AdminSponsorshipSaved, ...errors },
        },
      },
      async (request) => {
        const staff = await requireStaffMember(ctx, request);
        const id = await createAdminSponsorship(ctx, staff, request.body, request.ip);
        return saved(MSG.adminSponsorshipCreated, id);
      },
    );

    app.get(
      '/sponsorships/:id',
      {
        schema: {
          tags,
          summary: 'A sponsorship: facts, items, payments, pay links and history',
          params: AdminSponsorshipParams,
          response: { 200: AdminSponsorshipDetailResponse, ...errors },
        },
      },
      async (request) => getAdminSponsorship(ctx.db, await requireStaffMember(ctx, request), request.params.id),
    );

    app.post(
      '/sponsorships/:id/items',
      {
        schema: {
          tags,
          summary: 'Replace its items while nothing is paid',
          params: AdminSponsorshipParams,
          body: UpdateSponsorshipItemsBody,
          response: { 200: AdminSponsorshipSaved, ...errors },
        },
      },
      async (request) => {
        const staff = await requireStaffMember(ctx, request);
        await updateSponsorshipItems(ctx, staff, request.params.id, request.body, request.ip);
        return saved(MSG.adminSponsorshipItemsSaved, request.params.id);
      },
    );

    app.post(
      '/sponsorships/:id/approve',
      {
        schema: {
          tags,
          summary: 'Approve a requested sponsorship',
          params: AdminSponsorshipParams,
          response: { 200: AdminSponsorshipSaved, ...errors },
        },
      },
      async (request) => {
        const staff = await requireStaffMember(ctx, request);
        await approveSponsorship(ctx, staff, request.params.id, request.ip);
        return saved(MSG.adminSponsorshipApproved, request.params.id);
      },
    );

    app.post(
      '/sponsorships/:id/offline-payment',
      {
        schema: {
          tags,
          summary: 'Record a check or a bank transfer received',
          params: AdminSponsorshipParams,
          body: OfflinePaymentBody,
          response: { 200: AdminSponsorshipSaved, ...errors },
        },
      },
      async (request) => {
        const staff = await requireStaffMember(ctx, request);
        await recordSponsorshipOfflinePayment(ctx, staff, request.params.id, request.body, request.ip);
        return saved(MSG.adminOfflinePaymentRecorded, request.params.id);
      },
    );

    app.post(
      '/sponsorships/:id/close-checkout',
      {
        schema: {
          tags,
          summary:
            'Close a card checkout the sponsor left open, at the gateway, so that what it held may be paid another way',
          params: AdminSponsorshipParams,
          body: CloseCheckoutBody,
          response: { 200: AdminSponsorshipSaved, ...errors, 503: ErrorEnvelope },
        },
      },
      async (request) => {
        const staff = await requireStaffMember(ctx, request);
        const message = await closeSponsorshipCheckout(
          ctx,
          staff,
          request.params.id,
          request.body.payment_id,
          request.ip,
        );
        return saved(message, request.params.id);
      },
    );

    app.post(
      '/sponsorships/:id/refund',
      {
        schema: {
          tags,
          summary:
            'Give back all or part of what a payment brought the sponsorship: to its card, or by a check or transfer sent; administrators only',
          params: AdminSponsorshipParams,
          body: AdminRefundBody,
          response: { 200: AdminSponsorshipSaved, ...errors, 503: ErrorEnvelope },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        const done = await refundSponsorshipPayment(ctx, staff, request.params.id, request.body, request.ip);
        return saved(done.status === 'succeeded' ? MSG.adminRefundRecorded : MSG.adminRefundPending, request.params.id);
      },
    );

    app.post(
      '/sponsorships/:id/pay-link',
      {
        schema: {
          tags,
          summary: 'E-mail a link that pays it without signing in',
          params: AdminSponsorshipParams,
          body: SendPayLinkBody,
          response: { 200: AdminSponsorshipPayLinkSent, ...errors },
        },
      },
      async (request) => {
        const staff = await requireStaffMember(ctx, request);
        const sent = await sendSponsorshipPayLink(ctx, staff, request.params.id, request.body, request.ip);
        return { ...saved(MSG.adminPayLinkSent, request.params.id), ...sent };
      },
    );
  };
}
