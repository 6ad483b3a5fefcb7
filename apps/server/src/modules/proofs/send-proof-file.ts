import { MSG } from '@portal/contracts/messages';
import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { order_proofs, orders } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { attachment } from '../orders/order-file-entry.ts';
import { proofKey } from './proof-entry.ts';

/**
 * Sends a proof's file as an attachment that is never cached, when `conditions` find it: for
 * staff by its order, for a school only on its own orders (anyone else: not found).
 */
export async function sendProofFile(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, conditions: SQL[]) {
  const [found] = await ctx.db
    .select({ file_name: order_proofs.file_name, mime_type: order_proofs.mime_type, stored: order_proofs.stored_name })
    .from(order_proofs)
    .innerJoin(orders, eq(orders.id, order_proofs.order_id))
    .where(and(...conditions));
  const file = found ? await ctx.storage.get(proofKey(found.stored)) : null;
  if (!found || !file) {
    if (found) request.log.warn({ storedName: found.stored }, 'a proof is recorded but not stored');
    throw notFound(MSG.fileNotFound);
  }
  return reply
    .header('content-type', found.mime_type)
    .header('content-length', file.size)
    .header('content-disposition', attachment(found.file_name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
