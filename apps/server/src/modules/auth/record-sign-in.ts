import type { Executor } from '../../db/client.ts';
import { recordChange } from '../audit/record-change.ts';

export type SignInAction = 'sign_in' | 'sign_in_failed' | 'sign_in_locked';

export interface SignInEvent {
  action: SignInAction;
  /** The e-mail that was typed. */
  email: string;
  /** The account it names, if there is one. */
  user?: { id: number; usertype: number } | undefined;
  ip: string;
  userAgent?: string | undefined;
  /** Why a sign-in failed ('password', 'unknown', 'wrong_door', 'disabled') or which limit refused it ('ip', 'account'). */
  reason?: string;
}

/**
 * Writes who signed in, or tried to, from where, to the audit log: the record is the account
 * (its id; for an e-mail no account has, the e-mail as typed, lower-cased). Only a sign-in
 * that succeeded names its user as who acted: a failed one was made by whoever typed it.
 * `db` is not the transaction of a failure's answer, so that the row stays when the request fails.
 */
export async function recordSignIn(db: Executor, event: SignInEvent): Promise<void> {
  await recordChange(db, {
    actorId: event.action === 'sign_in' && event.user ? event.user.id : null,
    action: event.action,
    entity: 'user',
    entityId: event.user?.id ?? event.email.toLowerCase(),
    after: {
      user_agent: event.userAgent?.slice(0, 300) ?? null,
      ...(event.user ? { usertype: event.user.usertype } : {}),
      ...(event.reason ? { reason: event.reason } : {}),
    },
    ip: event.ip,
  });
}
