import { SettingsResponse } from '@portal/contracts/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

export function settingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settings',
      {
        schema: {
          tags: ['content'],
          summary: 'Support contacts, links and other public site settings',
          response: { 200: SettingsResponse },
        },
      },
      async () => ({ status: 'success' as const, message: 'ok', settings: await ctx.cache.settings.get() }),
    );
  };
}
