import { ErrorEnvelope } from '@portal/contracts/envelope';
import { HealthResponse, ReadyResponse } from '@portal/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { checkReadiness } from './check-readiness.ts';

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
          summary: 'The server can take requests: for the load balancer',
          description:
            'Answers 503 while the database cannot be reached, or while other servers share the database and this one keeps files in a local folder (set S3_BUCKET).',
          response: { 200: ReadyResponse, 503: ErrorEnvelope },
        },
      },
      async () => ({ status: 'success' as const, message: 'ok', ...(await checkReadiness(ctx)) }),
    );
  };
}
