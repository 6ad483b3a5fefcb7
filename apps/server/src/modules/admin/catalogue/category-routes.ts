import {
  AdminCategoriesResponse,
  AdminCategoryResponse,
  CatalogueHistoryResponse,
  CatalogueIdParams,
  CategoryFields,
  CreatedResponse,
  UpdateCategoryBody,
} from '@portal/contracts/admin-catalogue';
import { ErrorEnvelope, SuccessEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { recordHistory } from '../../audit/record-history.ts';
import { requireAdmin, requireStaffMember } from '../staff.ts';
import { deleteCategory } from './delete-category.ts';
import { findCategory } from './find-category.ts';
import { getAdminCategory } from './get-admin-category.ts';
import { listAdminCategories } from './list-admin-categories.ts';
import { createCategory, updateCategory } from './save-category.ts';

const tags = ['back office'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const ok = (message: string) => ({ status: 'success' as const, message });

/** /api/admin/categories: staff read the categories; administrators change them. */
export function adminCategoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/categories',
      {
        schema: {
          tags,
          summary: 'Every category in its order, with how many products use it',
          response: { 200: AdminCategoriesResponse, ...errors },
        },
      },
      async (request) => {
        await requireStaffMember(ctx, request);
        return { ...ok('ok'), categories: await listAdminCategories(ctx.db) };
      },
    );

    app.post(
      '/categories',
      {
        schema: {
          tags,
          summary: 'Create a category (administrators)',
          body: CategoryFields,
          response: { 200: CreatedResponse, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        return { ...ok(MSG.categoryCreated), id: await createCategory(ctx, staff, request.body, request.ip) };
      },
    );

    app.get(
      '/categories/:id',
      {
        schema: {
          tags,
          summary: 'One category with every field',
          params: CatalogueIdParams,
          response: { 200: AdminCategoryResponse, ...errors },
        },
      },
      async (request) => {
        await requireStaffMember(ctx, request);
        return { ...ok('ok'), category: await getAdminCategory(ctx.db, request.params.id) };
      },
    );

    app.post(
      '/categories/:id',
      {
        schema: {
          tags,
          summary: 'Save a category (administrators)',
          params: CatalogueIdParams,
          body: UpdateCategoryBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await updateCategory(ctx, staff, request.params.id, request.body, request.ip);
        return ok(MSG.categorySaved);
      },
    );

    app.post(
      '/categories/:id/delete',
      {
        schema: {
          tags,
          summary: 'Delete a category that no product uses (administrators)',
          params: CatalogueIdParams,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await deleteCategory(ctx, staff, request.params.id, request.ip, request.log);
        return ok(MSG.categoryDeleted);
      },
    );

    app.get(
      '/categories/:id/history',
      {
        schema: {
          tags,
          summary: 'A category’s history: its audit entries, newest first',
          params: CatalogueIdParams,
          response: { 200: CatalogueHistoryResponse, ...errors },
        },
      },
      async (request) => {
        await requireStaffMember(ctx, request);
        await findCategory(ctx.db, request.params.id);
        return { ...ok('ok'), entries: await recordHistory(ctx.db, 'category', request.params.id) };
      },
    );
  };
}
