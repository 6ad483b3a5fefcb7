import {
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  SESSION_REMEMBER_MS,
  STAFF_SESSION_MAX_MS,
  STAFF_USER_TYPES,
} from '@portal/contracts/constants';

/** How long after its last use a session ends (D4): 24 hours, or 30 days with "remember me". */
export const idleLifetime = (remember: boolean) => (remember ? SESSION_REMEMBER_MS : SESSION_IDLE_MS);

/** The longest a session may last from its sign-in, however often it is used (decision 028). */
export const maxLifetime = (usertype: number) =>
  STAFF_USER_TYPES.includes(usertype) ? STAFF_SESSION_MAX_MS : SESSION_MAX_MS;

/** When a session signed in at `signedInAt` expires unless used again: its idle lifetime, never past its absolute end. */
export const firstExpiry = (signedInAt: number, remember: boolean, usertype: number) =>
  signedInAt + Math.min(idleLifetime(remember), maxLifetime(usertype));

export interface SessionTimes {
  now: number;
  lastSeen: number;
  expiresAt: number;
  /** Its sign-in plus its longest lifetime: the expiry can never slide past it. */
  endsAt: number;
  remember: boolean;
}

/**
 * What one use of a live session does to its expiry (all in ms since the epoch): it slides
 * forward by the session's idle lifetime, but only once `writeEveryMs` has passed since it
 * was last written (`write` says whether to store it), and never past `endsAt`. `trustUntil`
 * is how long the answer may be kept without asking again: no longer than `writeEveryMs`,
 * and never past the expiry.
 */
export function slideExpiry(
  times: SessionTimes,
  writeEveryMs: number,
): { write: boolean; lastSeen: number; expiresAt: number; trustUntil: number } {
  const write = times.now - times.lastSeen > writeEveryMs;
  const lastSeen = write ? times.now : times.lastSeen;
  const slid = write ? times.now + idleLifetime(times.remember) : times.expiresAt;
  const expiresAt = Math.min(slid, times.endsAt);
  return { write, lastSeen, expiresAt, trustUntil: Math.min(lastSeen + writeEveryMs, expiresAt) };
}
