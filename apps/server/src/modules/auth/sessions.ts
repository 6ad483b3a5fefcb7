import { SESSION_MAX_MS, STAFF_SESSION_MAX_MS, STAFF_USER_TYPES } from '@portal/contracts/constants';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { SESSION_CACHE_MS, type SessionCache } from './session-cache.ts';
import { firstExpiry, slideExpiry } from './session-expiry.ts';

export interface SessionUser {
  sessionId: number;
  userId: number;
  usertype: number;
  email: string;
}

/** Starts a session and returns its bearer token; only the token's hash is stored (D4). */
export async function createSession(
  db: Executor,
  input: { userId: number; usertype: number; remember: boolean; ip?: string; userAgent?: string },
): Promise<string> {
  const token = randomToken();
  // The sign-in's own time, which its absolute end is counted from.
  const signedInAt = Date.now();
  await db.insert(sessions).values({
    user_id: input.userId,
    token_hash: hashToken(token),
    remember: input.remember,
    created_at: new Date(signedInAt),
    last_seen_at: new Date(signedInAt),
    expires_at: new Date(firstExpiry(signedInAt, input.remember, input.usertype)),
    ip: input.ip ?? null,
    user_agent: input.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/**
 * When a session ends however often it is used: its sign-in plus 12 hours for staff, 30 days
 * for everyone else (`maxLifetime` in session-expiry.ts, in SQL). The numbers are part of
 * the statement's text, so that it stays one plan.
 */
const endsAt = sql<Date>`${sessions.created_at} + (case when ${users.usertype} in (${sql.raw(
  STAFF_USER_TYPES.join(', '),
)}) then ${sql.raw(String(STAFF_SESSION_MAX_MS))} else ${sql.raw(String(SESSION_MAX_MS))} end) * interval '1 millisecond'`.mapWith(
  sessions.created_at,
);

const sessionByHash = preparedFor((db: Executor) =>
  db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      usertype: users.usertype,
      email: users.email,
      remember: sessions.remember,
      lastSeen: sessions.last_seen_at,
      expiresAt: sessions.expires_at,
      endsAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.token_hash, sql.placeholder('hash')),
        isNull(sessions.revoked_at),
        // The server's clock, which wrote the expiry, judges it too (not the database's); also
        // the end, for a session whose stored expiry was written before its end was kept to.
        gt(sessions.expires_at, sql.placeholder('now')),
        gt(endsAt, sql.placeholder('now')),
        eq(users.status, 1),
      ),
    )
    .prepare('session_by_hash'),
);

/**
 * The user behind a token, if the session is live. Each use slides the expiry forward
 * (24 hours idle, or 30 days with "remember me"), written at most once a minute, and never
 * past the session's end (30 days after sign-in, 12 hours for staff); within that minute,
 * and never past the expiry, the answer may come from `cache`.
 */
export async function resolveSession(
  db: Executor,
  token: string,
  cache?: SessionCache,
): Promise<SessionUser | undefined> {
  const hash = hashToken(token);
  const cached = cache?.get(hash);
  if (cached) return cached;
  const now = Date.now();
  const [row] = await sessionByHash(db).execute({ hash, now: new Date(now) });
  if (!row) return undefined;
  const times = slideExpiry(
    {
      now,
      lastSeen: row.lastSeen.getTime(),
      expiresAt: row.expiresAt.getTime(),
      endsAt: row.endsAt.getTime(),
      remember: row.remember,
    },
    SESSION_CACHE_MS,
  );
  if (times.write) {
    await db
      .update(sessions)
      .set({ last_seen_at: new Date(times.lastSeen), expires_at: new Date(times.expiresAt) })
      .where(eq(sessions.id, row.sessionId));
  }
  const user = { sessionId: row.sessionId, userId: row.userId, usertype: row.usertype, email: row.email };
  cache?.set(hash, user, times.trustUntil);
  return user;
}

export async function revokeSession(db: Executor, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, except the one given (a password change keeps the current one). */
export async function revokeUserSessions(db: Executor, userId: number, exceptSessionId?: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    );
}
