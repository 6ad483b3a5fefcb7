import { ErrorEnvelope } from '@portal/contracts/envelope';
import { PageQuery, PageResponse } from '@portal/contracts/pages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import type { PreparedBody } from '../../lib/prepared-body.ts';
import { sendRawJson } from '../../lib/raw-json.ts';

export function pageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/page',
      {
        schema: {
          tags: ['content'],
          summary: "A content page's title, description and social image",
          querystring: PageQuery,
          response: { 200: PageResponse, 400: ErrorEnvelope, 404: ErrorEnvelope },
        },
      },
      (request, reply) => {
        const send = (pages: Map<number, PreparedBody>) => {
          const json = pages.get(request.query.page_id);
          if (!json) throw notFound('Page not found.');
          return sendRawJson(reply, json);
        };
        // Answered at once from the cache when it is loaded; the first request waits for it,
        // as does the first to ask for a compressed copy while it is made.
        const cached = ctx.cache.pageJson.peek();
        const sent = cached ? send(cached) : ctx.cache.pageJson.get().then(send);
        return sent instanceof Promise ? sent.then(() => undefined) : undefined;
      },
    );
  };
}
