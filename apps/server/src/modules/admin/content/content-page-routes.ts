import {
  AdminContentPageResponse,
  AdminContentPagesResponse,
  ContentPageFields,
} from '@portal/contracts/admin-content';
import { RecordIdParams } from '@portal/contracts/admin-sponsors';
import { SuccessEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { requireAdmin } from '../staff.ts';
import { getContentPage, listContentPages } from './content-pages.ts';
import { errors, saved, tags } from './route-schema.ts';
import { updateContentPage } from './update-content-page.ts';

/** /api/admin/pages: the twelve content pages (administrators). */
export function contentPageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/pages',
      {
        schema: {
          tags,
          summary: 'The content pages, by id',
          response: { 200: AdminContentPagesResponse, ...errors },
        },
      },
      async (request) => {
        await requireAdmin(ctx, request);
        return { status: 'success' as const, message: 'ok', pages: await listContentPages(ctx.db) };
      },
    );

    app.get(
      '/pages/:id',
      {
        schema: {
          tags,
          summary: 'A content page in full, with its history',
          params: RecordIdParams,
          response: { 200: AdminContentPageResponse, ...errors },
        },
      },
      async (request) => {
        await requireAdmin(ctx, request);
        return getContentPage(ctx.db, request.params.id);
      },
    );

    app.post(
      '/pages/:id',
      {
        schema: {
          tags,
          summary: 'Save a content page: title, description, social picture and body (sanitised)',
          params: RecordIdParams,
          body: ContentPageFields,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await updateContentPage(ctx, staff, request.params.id, request.body, request.ip);
        return saved(MSG.contentPageSaved);
      },
    );
  };
}
