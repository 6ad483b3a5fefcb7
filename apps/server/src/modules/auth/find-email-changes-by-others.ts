import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { audit_log } from '../../db/schema/index.ts';

/** How long after someone else changed an account's sign-in address a reset also tells the previous one. */
export const EMAIL_CHANGE_NOTICE_DAYS = 30;

export interface EmailChangeByOther {
  /** The address the account signed in with before. */
  from: string;
  to: string;
  at: Date;
}

/**
 * The sign-in addresses an account had until someone other than its holder (staff, in the
 * back office) changed them, in the last 30 days, newest first, one row per previous address.
 * Read from the audit rows those changes wrote (entity 'sponsor' or 'school', the address as
 * before.email and after.email), which the database keeps unchanged; the holder's own changes,
 * made with the password, are not among them.
 */
export async function findEmailChangesByOthers(db: Executor, userId: number): Promise<EmailChangeByOther[]> {
  const before = sql<string>`${audit_log.changes}->'before'->>'email'`;
  const after = sql<string>`${audit_log.changes}->'after'->>'email'`;
  const rows = await db
    .select({ from: before, to: after, at: audit_log.created_at })
    .from(audit_log)
    .where(
      and(
        inArray(audit_log.entity, ['sponsor', 'school']),
        eq(audit_log.entity_id, String(userId)),
        sql`${audit_log.actor_user_id} is distinct from ${userId}`,
        sql`lower(${before}) <> lower(${after})`,
        sql`${audit_log.created_at} > now() - make_interval(days => ${EMAIL_CHANGE_NOTICE_DAYS})`,
      ),
    )
    .orderBy(desc(audit_log.created_at), desc(audit_log.id));
  const seen = new Set<string>();
  return rows.filter((row) => {
    const address = row.from.toLowerCase();
    if (seen.has(address)) return false;
    seen.add(address);
    return true;
  });
}
