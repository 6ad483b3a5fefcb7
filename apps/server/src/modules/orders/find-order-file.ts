import { USER_TYPE } from '@portal/contracts/constants';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { order_files, orders, school_documents } from '../../db/schema/index.ts';
import type { SessionUser } from '../auth/sessions.ts';

export interface FoundOrderFile {
  file_name: string;
  mime_type: string;
}

const STAFF: number[] = [USER_TYPE.admin, USER_TYPE.salesRep];

/**
 * A stored order file or school document that the user may download: the school's own,
 * or any for staff. Anyone else finds nothing, exactly as for a name that does not exist.
 */
export async function findOrderFile(
  db: Database,
  user: SessionUser,
  storedName: string,
): Promise<FoundOrderFile | undefined> {
  const staff = STAFF.includes(user.usertype);
  if (!staff && user.usertype !== USER_TYPE.school) return undefined;
  const owned = (column: typeof orders.school_user_id | typeof school_documents.school_user_id): SQL | undefined =>
    staff ? undefined : eq(column, user.userId);

  const [file] = await db
    .select({ file_name: order_files.file_name, mime_type: order_files.mime_type })
    .from(order_files)
    .innerJoin(orders, eq(orders.id, order_files.order_id))
    .where(and(eq(order_files.stored_name, storedName), owned(orders.school_user_id)));
  if (file) return file;
  const [document] = await db
    .select({ file_name: school_documents.file_name, mime_type: school_documents.mime_type })
    .from(school_documents)
    .where(and(eq(school_documents.stored_name, storedName), owned(school_documents.school_user_id)));
  return document;
}
