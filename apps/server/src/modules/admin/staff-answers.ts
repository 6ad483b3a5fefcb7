import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { isoDay } from '../../lib/dates.ts';
import { sendOwnJson } from '../../lib/raw-json.ts';
import { repScope, type Staff } from './staff.ts';

/**
 * What a staff answer depends on beside the tables: the operation, what was asked (the query
 * as validated), who may see what (an administrator sees all, a rep only their own), and
 * the business day (what is due or overdue moves at midnight in Tampa).
 */
export function staffAnswerKey(ctx: AppContext, request: FastifyRequest, staff: Staff): string {
  const scope = staff.role === 'admin' ? 'admin' : `rep:${repScope(staff)}`;
  return `${request.routeOptions.url}|${scope}|${isoDay(ctx.clock())}|${JSON.stringify(request.query ?? {})}`;
}

/**
 * Sends a back-office read from memory when the same staff scope asked for it since the
 * last change of a back-office table; otherwise `load` reads it and it is kept
 * (`AnswerCache.json`). Staff writes wait for every server's feed before they are
 * answered (`registerChangeSync`), so the list a staff member reloads shows their change.
 */
export async function sendStaffAnswer<S extends z.ZodType>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  staff: Staff,
  schema: S,
  load: () => Promise<z.output<S>>,
): Promise<FastifyReply> {
  return sendOwnJson(reply, await ctx.cache.staffAnswers.json(staffAnswerKey(ctx, request, staff), schema, load));
}
