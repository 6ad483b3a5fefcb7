import { ErrorEnvelope } from '@portal/contracts/envelope';
import { HealthResponse, ReadyResponse } from '@portal/contracts/health';
import { MSG } from '@portal/contracts/messages';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { schema: { tags: ['system'], summary: 'The process is up', response: { 200: HealthResponse } } },
      async () => ({ status: 'success' as const, message: 'ok', uptime_s: Math.round(process.uptime()) }),
    );

    app.get(
      '/ready',
      {
        schema: {
          tags: ['system'],
          summary: 'The database answers',
          response: { 200: ReadyResponse, 503: ErrorEnvelope },
        },
      },
      async (_request, reply) => {
        try {
          await ctx.db.execute(sql`select 1`);
          return { status: 'success' as const, message: 'ok', database: 'up' as const };
        } catch {
          return reply.code(503).send({ status: 'error', message: MSG.databaseUnavailable });
        }
      },
    );
  };
}
