import type { AuditEntity } from '@portal/contracts/admin';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { recordChange } from '../audit/record-change.ts';
import { revokeUserSessions } from '../auth/sessions.ts';

export interface AccountStatusChange {
  actorId: number;
  ip: string;
  /** How the audit log names the account's owner: 'school', 'sponsor', 'account' (staff). */
  entity: AuditEntity;
  userId: number;
  status: 0 | 1;
  /** Finds and locks the account as the caller may see it (404 otherwise), with its status. */
  find: (tx: Executor) => Promise<{ status: number }>;
}

/**
 * Enables or disables any account (a school's, a sponsor's, a staff member's), audited in
 * the same transaction; disabling ends its sessions, which every server forgets at once.
 */
export async function changeAccountStatus(ctx: AppContext, change: AccountStatusChange): Promise<void> {
  const { userId, status } = change;
  await ctx.db.transaction(async (tx) => {
    const user = await change.find(tx);
    await tx.update(users).set({ status }).where(eq(users.id, userId));
    if (status === 0) await revokeUserSessions(tx, userId);
    await recordChange(tx, {
      actorId: change.actorId,
      action: status === 0 ? 'disable' : 'enable',
      entity: change.entity,
      entityId: userId,
      before: { status: user.status },
      after: { status },
      ip: change.ip,
    });
  });
  if (status === 0) ctx.feed.touch('sessions');
}
