import { ErrorEnvelope } from '@portal/contracts/envelope';
import { FaqCatsResponse, FaqsQuery, FaqsResponse, type TFaqsQuery } from '@portal/contracts/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireSchoolOrSponsor } from '../auth/require-user.ts';
import { type FaqTopic, listFaqCategories, listFaqs } from './list-faqs.ts';

const tags = ['support'];
/** The spec's `fc_id` decides when both are sent. */
const faqTopic = (query: TFaqsQuery): FaqTopic =>
  query.fc_id !== undefined ? { id: query.fc_id } : { slug: query.category ?? '' };

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };

/** Help and Support (spec §2): the topics and answers a school or a sponsor sees. */
export function supportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/faqcats',
      {
        schema: {
          tags,
          summary: 'The help topics the signed-in school or sponsor sees',
          response: { 200: FaqCatsResponse, ...errors },
        },
      },
      async (request) => {
        const user = await requireSchoolOrSponsor(ctx, request);
        return {
          status: 'success' as const,
          message: 'ok',
          categories: await listFaqCategories(ctx.db, user.usertype),
        };
      },
    );

    app.get(
      '/faqs',
      {
        schema: {
          tags,
          summary: 'The answers of one help topic, for schools or for sponsors',
          querystring: FaqsQuery,
          response: { 200: FaqsResponse, ...errors },
        },
      },
      async (request) => {
        const user = await requireSchoolOrSponsor(ctx, request);
        return {
          status: 'success' as const,
          message: 'ok',
          ...(await listFaqs(ctx.db, user.usertype, faqTopic(request.query))),
        };
      },
    );
  };
}
