import { ErrorEnvelope, SuccessEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import { SponsorAccountBody, SponsorDetailsResponse } from '@portal/contracts/profiles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireSponsor } from '../auth/require-user.ts';
import { getSponsorDetails } from './get-sponsor-details.ts';
import { saveSponsorAccount } from './save-sponsor-account.ts';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

export function sponsorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/sponsordetails',
      {
        schema: {
          tags: ['sponsors'],
          summary: 'The signed-in sponsor’s details',
          response: { 200: SponsorDetailsResponse, ...errors },
        },
      },
      async (request) => {
        const user = await requireSponsor(ctx, request);
        return { status: 'success' as const, message: 'ok', result: await getSponsorDetails(ctx.db, user.userId) };
      },
    );

    app.post(
      '/sponsoraccount',
      {
        schema: {
          tags: ['sponsors'],
          summary: 'Save the sponsor’s details: {business_name, srep_id} at first setup, the profile fields after',
          body: SponsorAccountBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const user = await requireSponsor(ctx, request);
        await saveSponsorAccount(ctx, user, request.body, request.ip);
        return { status: 'success' as const, message: MSG.detailsSaved };
      },
    );
  };
}
