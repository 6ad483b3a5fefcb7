import { ErrorEnvelope } from '@portal/contracts/envelope';
import { SalesRepsResponse, StatesResponse } from '@portal/contracts/geography';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { listSalesReps } from './list-sales-reps.ts';

export function referenceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/states',
      { schema: { tags: ['reference'], summary: 'US states with their counties', response: { 200: StatesResponse } } },
      async () => ({ status: 'success' as const, message: 'ok', ...(await ctx.cache.states.get()) }),
    );

    app.get(
      '/salesreps',
      {
        schema: {
          tags: ['reference'],
          summary: 'The sales representatives a sponsor can be assigned to',
          response: { 200: SalesRepsResponse, 500: ErrorEnvelope },
        },
      },
      async () => ({ status: 'success' as const, message: 'ok', salesreps: await listSalesReps(ctx.db) }),
    );
  };
}
