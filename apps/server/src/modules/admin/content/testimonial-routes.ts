import {
  AdminTestimonialResponse,
  AdminTestimonialsResponse,
  CreatedResponse,
  OrderBody,
  TestimonialFields,
  TestimonialUpdate,
} from '@portal/contracts/admin-content';
import { RecordIdParams } from '@portal/contracts/admin-sponsors';
import { SuccessEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { requireAdmin } from '../staff.ts';
import { createTestimonial } from './create-testimonial.ts';
import { deleteTestimonial } from './delete-testimonial.ts';
import { reorderTestimonials } from './reorder-testimonials.ts';
import { errors, saved, tags } from './route-schema.ts';
import { getTestimonial, listTestimonials } from './testimonials.ts';
import { updateTestimonial } from './update-testimonial.ts';

/** /api/admin/testimonials: the home page's testimonials (administrators). */
export function testimonialRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/testimonials',
      {
        schema: {
          tags,
          summary: 'Every testimonial, hidden ones too, in the carousel’s order',
          response: { 200: AdminTestimonialsResponse, ...errors },
        },
      },
      async (request) => {
        await requireAdmin(ctx, request);
        return { status: 'success' as const, message: 'ok', testimonials: await listTestimonials(ctx.db) };
      },
    );

    app.post(
      '/testimonials',
      {
        schema: {
          tags,
          summary: 'Add a testimonial at the end of the carousel',
          body: TestimonialFields,
          response: { 200: CreatedResponse, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        const id = await createTestimonial(ctx, staff, request.body, request.ip);
        return { ...saved(MSG.testimonialCreated), id };
      },
    );

    app.post(
      '/testimonials/order',
      {
        schema: {
          tags,
          summary: 'Put the testimonials in this order (every id once)',
          body: OrderBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await reorderTestimonials(ctx, staff, request.body.ids, request.ip);
        return saved(MSG.orderListSaved);
      },
    );

    app.get(
      '/testimonials/:id',
      {
        schema: {
          tags,
          summary: 'A testimonial with its history',
          params: RecordIdParams,
          response: { 200: AdminTestimonialResponse, ...errors },
        },
      },
      async (request) => {
        await requireAdmin(ctx, request);
        return getTestimonial(ctx.db, request.params.id);
      },
    );

    app.post(
      '/testimonials/:id',
      {
        schema: {
          tags,
          summary: 'Save a testimonial, shown or hidden',
          params: RecordIdParams,
          body: TestimonialUpdate,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await updateTestimonial(ctx, staff, request.params.id, request.body, request.ip);
        return saved(MSG.testimonialSaved);
      },
    );

    app.post(
      '/testimonials/:id/delete',
      {
        schema: {
          tags,
          summary: 'Delete a testimonial',
          params: RecordIdParams,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await deleteTestimonial(ctx, staff, request.params.id, request.ip);
        return saved(MSG.testimonialDeleted);
      },
    );
  };
}
