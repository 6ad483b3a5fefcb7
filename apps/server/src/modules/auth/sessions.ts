import { SESSION_IDLE_MS, SESSION_REMEMBER_MS } from '@portal/contracts/constants';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { SESSION_CACHE_MS, type SessionCache } from './session-cache.ts';

export interface SessionUser {
  sessionId: number;
  userId: number;
  usertype: number;
  email: string;
}

const lifetime = (remember: boolean) => (remember ? SESSION_REMEMBER_MS : SESSION_IDLE_MS);

/** Starts a session and returns its bearer token; only the token's hash is stored (D4). */
export async function createSession(
  db: Executor,
  input: { userId: number; remember: boolean; ip?: string; userAgent?: string },
): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    user_id: input.userId,
    token_hash: hashToken(token),
    remember: input.remember,
    expires_at: new Date(Date.now() + lifetime(input.remember)),
    ip: input.ip ?? null,
    user_agent: input.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

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
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.token_hash, sql.placeholder('hash')),
        isNull(sessions.revoked_at),
        // The server's clock, which wrote the expiry, judges it too (not the database's).
        gt(sessions.expires_at, sql.placeholder('now')),
        eq(users.status, 1),
      ),
    )
    .prepare('session_by_hash'),
);

/**
 * The user behind a token, if the session is live. Each use slides the expiry forward
 * (24 hours idle, or 30 days with "remember me"), written at most once a minute; within
 * that minute the answer may come from `cache`.
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
  let seen = row.lastSeen.getTime();
  let expires = row.expiresAt.getTime();
  if (now - seen > SESSION_CACHE_MS) {
    seen = now;
    expires = now + lifetime(row.remember);
    await db
      .update(sessions)
      .set({ last_seen_at: new Date(seen), expires_at: new Date(expires) })
      .where(eq(sessions.id, row.sessionId));
  }
  const user = { sessionId: row.sessionId, userId: row.userId, usertype: row.usertype, email: row.email };
  cache?.set(hash, user, Math.min(seen + SESSION_CACHE_MS, expires));
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
