import { ErrorEnvelope, SuccessEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import { SchoolAccountBody, SchoolDetailsResponse } from '@portal/contracts/profiles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireSchool } from '../auth/require-user.ts';
import { getSchoolDetails } from './get-school-details.ts';
import { saveSchoolAccount } from './save-school-account.ts';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

export function schoolRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/schooldetails',
      {
        schema: {
          tags: ['schools'],
          summary: 'The signed-in school’s details',
          response: { 200: SchoolDetailsResponse, ...errors },
        },
      },
      async (request) => {
        const user = await requireSchool(ctx, request);
        return { status: 'success' as const, message: 'ok', result: await getSchoolDetails(ctx.db, user.userId) };
      },
    );

    app.post(
      '/schoolaccount',
      {
        schema: {
          tags: ['schools'],
          summary: 'Save the school’s details',
          body: SchoolAccountBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const user = await requireSchool(ctx, request);
        await saveSchoolAccount(ctx, user, request.body, request.ip);
        return { status: 'success' as const, message: MSG.detailsSaved };
      },
    );
  };
}
