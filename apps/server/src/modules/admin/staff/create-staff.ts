import type { CreateStaffBody } from '@portal/contracts/admin-staff';
import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { users } from '../../../db/schema/index.ts';
import { conflict } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import { isEmailTaken } from '../../auth/is-email-taken.ts';
import { makeInvitationKey, queueInvitation } from '../sponsors/send-sponsor-invitation.ts';
import type { Staff } from '../staff.ts';

type Input = z.output<typeof CreateStaffBody>;

/**
 * An administrator opens a staff account (administrator or sales representative): the
 * sign-in user without a password, and an invitation to choose it, as a sponsor gets one.
 */
export async function createStaff(ctx: AppContext, staff: Staff, input: Input, ip: string): Promise<number> {
  const usertype = input.role === 'admin' ? USER_TYPE.admin : USER_TYPE.salesRep;
  const userId = await ctx.db.transaction(async (tx) => {
    if (await isEmailTaken(tx, input.email)) throw conflict(MSG.sponsorEmailInUse, 'email');
    const account = { email: input.email, usertype, first_name: input.first_name, last_name: input.last_name };
    const [user] = await tx.insert(users).values(account).returning({ id: users.id });
    if (!user) throw new Error('user insert returned no row');
    await recordChange(tx, {
      actorId: staff.userId,
      action: 'create',
      entity: 'account',
      entityId: user.id,
      after: { ...account, role: input.role },
      ip,
    });
    const key = await makeInvitationKey(tx, user.id);
    await queueInvitation(ctx, tx, input.email, key, { staff: input.role });
    return user.id;
  });
  return userId;
}
