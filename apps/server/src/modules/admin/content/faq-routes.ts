import {
  AdminFaqResponse,
  AdminFaqsQuery,
  AdminFaqsResponse,
  AdminFaqTopicResponse,
  AdminFaqTopicsResponse,
  CreatedResponse,
  FaqFields,
  FaqOrderBody,
  FaqTopicFields,
  FaqTopicUpdate,
  FaqUpdate,
  OrderBody,
} from '@portal/contracts/admin-content';
import { RecordIdParams } from '@portal/contracts/admin-sponsors';
import { SuccessEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { requireAdmin } from '../staff.ts';
import { createFaq } from './create-faq.ts';
import { createFaqTopic } from './create-faq-topic.ts';
import { deleteFaq } from './delete-faq.ts';
import { deleteFaqTopic } from './delete-faq-topic.ts';
import { getFaqTopic, listFaqTopics } from './faq-topics.ts';
import { getAdminFaq, listAdminFaqs } from './faqs.ts';
import { reorderFaqTopics } from './reorder-faq-topics.ts';
import { reorderFaqs } from './reorder-faqs.ts';
import { errors, saved, tags } from './route-schema.ts';
import { updateFaq } from './update-faq.ts';
import { updateFaqTopic } from './update-faq-topic.ts';

const ok = SuccessEnvelope;

/** /api/admin/faq-categories and /api/admin/faqs: Help and Support's topics and answers (administrators). */
export function faqRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/faq-categories',
      {
        schema: {
          tags,
          summary: 'Help and Support’s topics, in order, with their question counts',
          response: { 200: AdminFaqTopicsResponse, ...errors },
        },
      },
      async (request) => {
        await requireAdmin(ctx, request);
        return { status: 'success' as const, message: 'ok', categories: await listFaqTopics(ctx.db) };
      },
    );

    app.post(
      '/faq-categories',
      {
        schema: { tags, summary: 'Add a topic', body: FaqTopicFields, response: { 200: CreatedResponse, ...errors } },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        return { ...saved(MSG.faqTopicCreated), id: await createFaqTopic(ctx, staff, request.body, request.ip) };
      },
    );

    app.post(
      '/faq-categories/order',
      {
        schema: { tags, summary: 'Put the topics in this order', body: OrderBody, response: { 200: ok, ...errors } },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await reorderFaqTopics(ctx, staff, request.body.ids, request.ip);
        return saved(MSG.orderListSaved);
      },
    );

    app.get(
      '/faq-categories/:id',
      {
        schema: {
          tags,
          summary: 'A topic with its history',
          params: RecordIdParams,
          response: { 200: AdminFaqTopicResponse, ...errors },
        },
      },
      async (request) => {
        await requireAdmin(ctx, request);
        return getFaqTopic(ctx.db, request.params.id);
      },
    );

    app.post(
      '/faq-categories/:id',
      {
        schema: {
          tags,
          summary: 'Save a topic',
          params: RecordIdParams,
          body: FaqTopicUpdate,
          response: { 200: ok, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await updateFaqTopic(ctx, staff, request.params.id, request.body, request.ip);
        return saved(MSG.faqTopicSaved);
      },
    );

    app.post(
      '/faq-categories/:id/delete',
      {
        schema: {
          tags,
          summary: 'Delete a topic that has no questions (409 while it has some)',
          params: RecordIdParams,
          response: { 200: ok, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await deleteFaqTopic(ctx, staff, request.params.id, request.ip);
        return saved(MSG.faqTopicDeleted);
      },
    );

    app.get(
      '/faqs',
      {
        schema: {
          tags,
          summary: 'The questions of one topic, or all of them, in order',
          querystring: AdminFaqsQuery,
          response: { 200: AdminFaqsResponse, ...errors },
        },
      },
      async (request) => {
        await requireAdmin(ctx, request);
        return {
          status: 'success' as const,
          message: 'ok',
          faqs: await listAdminFaqs(ctx.db, request.query.category_id),
        };
      },
    );

    app.post(
      '/faqs',
      {
        schema: {
          tags,
          summary: 'Add a question at the end of its topic',
          body: FaqFields,
          response: { 200: CreatedResponse, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        return { ...saved(MSG.faqCreated), id: await createFaq(ctx, staff, request.body, request.ip) };
      },
    );

    app.post(
      '/faqs/order',
      {
        schema: {
          tags,
          summary: 'Put one topic’s questions in this order',
          body: FaqOrderBody,
          response: { 200: ok, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await reorderFaqs(ctx, staff, request.body.category_id, request.body.ids, request.ip);
        return saved(MSG.orderListSaved);
      },
    );

    app.get(
      '/faqs/:id',
      {
        schema: {
          tags,
          summary: 'A question with its history',
          params: RecordIdParams,
          response: { 200: AdminFaqResponse, ...errors },
        },
      },
      async (request) => {
        await requireAdmin(ctx, request);
        return getAdminFaq(ctx.db, request.params.id);
      },
    );

    app.post(
      '/faqs/:id',
      {
        schema: {
          tags,
          summary: 'Save a question',
          params: RecordIdParams,
          body: FaqUpdate,
          response: { 200: ok, ...errors },
        },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await updateFaq(ctx, staff, request.params.id, request.body, request.ip);
        return saved(MSG.faqSaved);
      },
    );

    app.post(
      '/faqs/:id/delete',
      {
        schema: { tags, summary: 'Delete a question', params: RecordIdParams, response: { 200: ok, ...errors } },
      },
      async (request) => {
        const staff = await requireAdmin(ctx, request);
        await deleteFaq(ctx, staff, request.params.id, request.ip);
        return saved(MSG.faqDeleted);
      },
    );
  };
}
