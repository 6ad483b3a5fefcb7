import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { users } from '../../../db/schema/index.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { changeAccountStatus } from '../change-account-status.ts';
import type { Staff } from '../staff.ts';

/**
 * Enables or disables a staff member's account; disabling signs them out everywhere. An
 * administrator cannot disable their own account (someone must be left to enable it).
 */
export async function setStaffStatus(ctx: AppContext, staff: Staff, userId: number, status: 0 | 1, ip: string) {
  if (status === 0 && userId === staff.userId) throw conflict(MSG.staffCannotDisableSelf);
  await changeAccountStatus(ctx, {
    actorId: staff.userId,
    ip,
    entity: 'account',
    userId,
    status,
    find: async (tx) => {
      const [user] = await tx
        .select({ status: users.status })
        .from(users)
        .where(and(eq(users.id, userId), inArray(users.usertype, [USER_TYPE.admin, USER_TYPE.salesRep])))
        .for('update');
      if (!user) throw notFound();
      return user;
    },
  });
}
