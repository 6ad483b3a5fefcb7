import { AdminSettingsResponse, SettingsUpdate } from '@portal/contracts/admin-content';
import { SuccessEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { recordHistory } from '../../audit/record-history.ts';
import { getSettings } from '../../settings/get-settings.ts';
import { requireAdmin } from '../staff.ts';
import { errors, saved, tags } from './route-schema.ts';
import { updateSettings } from './update-settings.ts';

/** /api/admin/settings: the site settings of D9 (administrators). */
export function settingsAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settings',
      {
        schema: {
          tags,
          summary: 'Every site setting, and their history',
          response: { 200: AdminSettingsResponse, ...errors },
        },
      },
      async (request) => {
        await requireAdmin(ctx, request);
        const [settings, history] = await Promise.all([getSettings(ctx.db), recordHistory(ctx.db, 'setting')]);
        return { status: 'success' as const, message: 'ok', settings, history };
      },
    );

    app.post(
      '/settings',
      {
        schema: {
          tags,
          summary: 'Save the site settings, all at once',
          body: SettingsUpdate,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await updateSettings(ctx, staff, request.body, request.ip);
        return saved(MSG.settingsSaved);
      },
    );
  };
}
