import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { tooManyRequests } from './errors.ts';

export interface Limit {
  /** e.g. 'login:ip' */
  name: string;
  max: number;
  windowMs: number;
}

/**
 * Sign-in limits count failed attempts, per IP address and per account (e-mail), so that
 * a school's staff signing in from one network are never held back; reset requests count
 * every request. What a script could do over and over without signing in counts every
 * request per IP address, at a pace a school office sharing one address never reaches
 * (decision 028): asking whether an e-mail has an account (the registration and profile
 * forms ask as the address is typed), registering, and the contact and sponsor forms.
 */
export const LIMITS = {
  loginPerIp: { name: 'login:ip', max: 30, windowMs: 15 * 60_000 },
  loginPerAccount: { name: 'login:account', max: 10, windowMs: 15 * 60_000 },
  forgotPerIp: { name: 'forgot:ip', max: 20, windowMs: 60 * 60_000 },
  forgotPerAccount: { name: 'forgot:account', max: 5, windowMs: 60 * 60_000 },
  /** checkusername, checkemail and checkemailedit together. */
  emailCheckPerIp: { name: 'emailcheck:ip', max: 60, windowMs: 15 * 60_000 },
  /** loginnewreg, whatever it answers. */
  registerPerIp: { name: 'register:ip', max: 10, windowMs: 60 * 60_000 },
  /** addenquiry and addsponsorreq together. */
  contactPerIp: { name: 'contact:ip', max: 10, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

const windowOf = (limit: Limit) => new Date(Math.floor(Date.now() / limit.windowMs) * limit.windowMs);

/** Whether `subject` has already used up this window's hits (nothing is counted). */
export async function isOverLimit(db: Database, limit: Limit, subject: string): Promise<boolean> {
  const result = await db.execute<{ hits: number }>(sql`
    select hits from rate_limits
    where key = ${`${limit.name}:${subject}`} and window_start = ${windowOf(limit).toISOString()}`);
  return Number(result.rows[0]?.hits ?? 0) >= limit.max;
}

/** Refuses with 429 when `subject` has already used up this window's hits, without counting one. */
export async function assertUnderLimit(db: Database, limit: Limit, subject: string): Promise<void> {
  if (await isOverLimit(db, limit, subject)) throw tooManyRequests();
}

/**
 * Counts a request that `limit` refused, and answers whether it was the window's first:
 * what is worth writing down once (a lock-out in the audit log) is not written again for
 * every attempt that follows it.
 */
export async function firstRefusal(db: Database, limit: Limit, subject: string): Promise<boolean> {
  const windowStart = windowOf(limit).toISOString();
  const result = await db.execute<{ hits: number }>(sql`
    insert into rate_limits (key, window_start, hits) values (${`${limit.name}:refused:${subject}`}, ${windowStart}, 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start = excluded.window_start then rate_limits.hits + 1 else 1 end,
      window_start = excluded.window_start
    returning hits`);
  return Number(result.rows[0]?.hits ?? 0) === 1;
}

/**
 * Counts one hit against `limit` for `subject` and refuses with 429 once the window's
 * maximum is passed. Counters live in PostgreSQL so that every server process shares them.
 */
export async function hit(db: Database, limit: Limit, subject: string): Promise<void> {
  const windowStart = windowOf(limit);
  const key = `${limit.name}:${subject}`;
  const result = await db.execute<{ hits: number }>(sql`
    insert into rate_limits (key, window_start, hits) values (${key}, ${windowStart.toISOString()}, 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start = excluded.window_start then rate_limits.hits + 1 else 1 end,
      window_start = excluded.window_start
    returning hits`);
  const hits = Number(result.rows[0]?.hits ?? 0);
  if (hits > limit.max) throw tooManyRequests();
}

/** Forgets the counts for `subject`, e.g. an account's failed sign-ins once it signs in. */
export async function clearHits(db: Database, limit: Limit, subject: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${`${limit.name}:${subject}`}`);
}

/** Drops counters of windows long past. */
export async function pruneRateLimits(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}
