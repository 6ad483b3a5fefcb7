import { ErrorEnvelope, SuccessEnvelope } from '@portal/contracts/envelope';
import { idempotencyKey } from '@portal/contracts/idempotency';
import { MSG } from '@portal/contracts/messages';
import { ContactFields, SponsorRequestFields } from '@portal/contracts/profiles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../auth/require-user.ts';
import { submitContactRequest } from './submit-contact-request.ts';

/** The form's fields and the key that makes a doubled send one request. */
const once = { idempotency_key: idempotencyKey() };

const responses = { 200: SuccessEnvelope, 400: ErrorEnvelope, 429: ErrorEnvelope };

export function contactRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/addenquiry',
      {
        schema: {
          tags: ['contact'],
          summary: 'Send a message through the contact form',
          body: ContactFields.extend(once),
          response: responses,
        },
      },
      async (request) => {
        const user = await currentUser(ctx, request);
        await submitContactRequest(ctx, 'contact', request.body, { userId: user?.userId, ip: request.ip });
        return { status: 'success' as const, message: MSG.thankYouContact };
      },
    );

    app.post(
      '/addsponsorreq',
      {
        schema: {
          tags: ['contact'],
          summary: 'Ask to be registered as a sponsor',
          body: SponsorRequestFields.extend(once),
          response: responses,
        },
      },
      async (request) => {
        const user = await currentUser(ctx, request);
        await submitContactRequest(ctx, 'sponsor', request.body, { userId: user?.userId, ip: request.ip });
        return { status: 'success' as const, message: MSG.thankYouContact };
      },
    );
  };
}
