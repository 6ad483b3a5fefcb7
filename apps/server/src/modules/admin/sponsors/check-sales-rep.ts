import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';
import { badRequest } from '../../../lib/errors.ts';

/** An active sales rep, or a field message on srep_id. */
export async function checkSalesRep(db: Executor, srepId: number): Promise<void> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, srepId), eq(users.usertype, USER_TYPE.salesRep), eq(users.status, 1)));
  if (!row) throw badRequest(MSG.unknownSalesRep, { srep_id: MSG.unknownSalesRep });
}
