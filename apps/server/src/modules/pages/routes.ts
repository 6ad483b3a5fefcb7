import { ErrorEnvelope } from '@portal/contracts/envelope';
import { PageQuery, PageResponse } from '@portal/contracts/pages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
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
        const send = (pages: Map<number, string>) => {
          const json = pages.get(request.query.page_id);
          if (!json) throw notFound('Page not found.');
          sendRawJson(reply, json);
        };
        // Answered at once from the cache when it is loaded; the first request waits for it.
        const cached = ctx.cache.pageJson.peek();
        if (cached) return send(cached);
        return ctx.cache.pageJson.get().then(send);
      },
    );
  };
}
