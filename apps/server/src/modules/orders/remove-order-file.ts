import { MSG } from '@portal/contracts/messages';
import { lockMessage, lockReason } from '@portal/contracts/order-rules';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { order_files, orders, school_documents } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import { orderStateColumns } from './find-school-order.ts';
import { orderFileKey } from './order-file-entry.ts';

/** The school's own file by its stored name, with the state of the order it belongs to. */
async function findOwnFile(ctx: AppContext, schoolUserId: number, storedName: string) {
  const [file] = await ctx.db
    .select({ id: order_files.id, order_id: orders.id, order: orderStateColumns })
    .from(order_files)
    .innerJoin(orders, eq(orders.id, order_files.order_id))
    .where(and(eq(order_files.stored_name, storedName), eq(orders.school_user_id, schoolUserId)));
  if (file) return { table: order_files, ...file };
  const [document] = await ctx.db
    .select({ id: school_documents.id, order_id: orders.id, order: orderStateColumns })
    .from(school_documents)
    .leftJoin(orders, eq(orders.id, school_documents.order_id))
    .where(and(eq(school_documents.stored_name, storedName), eq(school_documents.school_user_id, schoolUserId)));
  return document ? { table: school_documents, ...document } : undefined;
}

/**
 * Removes one of the school's files (removefile) while the order it came with may still
 * be changed (D12): another school's file is not found (D11). A tax certificate follows
 * the order it was uploaded with; once that order is locked, the certificate stays as
 * its evidence. The record goes first: a file left behind by a failed delete is only
 * unused space, while a record without its file would be a broken link.
 */
export async function removeOrderFile(
  ctx: AppContext,
  schoolUserId: number,
  storedName: string,
  today: Date,
  log: FastifyBaseLogger,
): Promise<void> {
  const file = await findOwnFile(ctx, schoolUserId, storedName);
  if (!file) throw notFound(MSG.fileNotFound);
  const { cancel_cutoff: cutoffDay } = await ctx.cache.settings.get();
  const locked = file.order && lockReason(file.order, today, cutoffDay);
  if (file.order && locked) throw conflict(lockMessage(locked, file.order.school_year, cutoffDay));
  await ctx.db.transaction(async (tx) => {
    await tx.delete(file.table).where(eq(file.table.id, file.id));
    // A certificate kept without an order belongs to the school's own record.
    await recordChange(tx, {
      actorId: schoolUserId,
      action: 'remove-file',
      ...(file.order_id === null
        ? { entity: 'school' as const, entityId: schoolUserId }
        : { entity: 'order' as const, entityId: file.order_id }),
      before: { stored_name: storedName },
    });
  });
  await ctx.storage.delete(orderFileKey(storedName)).catch((err: unknown) => {
    log.warn({ err, storedName }, 'a removed order file stays in the storage');
  });
}
