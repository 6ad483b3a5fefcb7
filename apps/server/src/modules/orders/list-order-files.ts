import type { TOrderFileEntry } from '@portal/contracts/orders';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { order_files } from '../../db/schema/index.ts';
import type { OrderFileType } from '../../db/schema/orders.ts';
import { orderFileEntry } from './order-file-entry.ts';

/** The order's files of each of `types`, in the order they were uploaded. */
export async function listOrderFiles<T extends OrderFileType>(
  db: Database,
  orderId: number,
  types: readonly T[],
): Promise<Record<T, TOrderFileEntry[]>> {
  const rows = await db
    .select({
      file_type: order_files.file_type,
      file_name: order_files.file_name,
      stored_name: order_files.stored_name,
    })
    .from(order_files)
    .where(eq(order_files.order_id, orderId))
    .orderBy(asc(order_files.id));
  return Object.fromEntries(
    types.map((type) => [
      type,
      rows.filter((f) => f.file_type === type).map((f) => orderFileEntry(f.file_name, f.stored_name)),
    ]),
  ) as Record<T, TOrderFileEntry[]>;
}
