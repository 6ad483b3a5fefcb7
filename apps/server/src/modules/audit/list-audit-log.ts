import { AUDIT_PAGE_SIZE, type TAuditEntry, type TAuditLogResponse } from '@portal/contracts/admin';
import { MSG } from '@portal/contracts/messages';
import { and, desc, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { AUDIT_SEARCH_TEXT, audit_log, users } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { cappedCount, decodeCursor, encodeCursor } from '../../lib/paging.ts';

export interface AuditLogFilter {
  entity?: string | undefined;
  entityId?: string | undefined;
  actorUserId?: number | undefined;
  /** Words found in the action, the record, the person or the values changed. */
  q?: string | undefined;
  page: number;
  /** The cursor of the page before (its `next`): the page after it, by keyset, whatever `page` says. */
  after?: string | undefined;
}

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A row's changes as before and after; a note written as plain fields reads as what was after. */
function sidesOf(changes: Fields): { before: Fields | null; after: Fields | null } {
  if ('before' in changes || 'after' in changes) {
    return {
      before: isFields(changes.before) ? changes.before : null,
      after: isFields(changes.after) ? changes.after : null,
    };
  }
  return { before: null, after: changes };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The audit log, newest first, a page at a time, narrowed by record, person or words. */
export async function listAuditLog(db: Executor, filter: AuditLogFilter): Promise<TAuditLogResponse> {
  const conditions: SQL[] = [];
  if (filter.entity) conditions.push(eq(audit_log.entity, filter.entity));
  if (filter.entityId) conditions.push(eq(audit_log.entity_id, filter.entityId));
  if (filter.actorUserId) conditions.push(eq(audit_log.actor_user_id, filter.actorUserId));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    // The people first (few), then the rows: the words by the log's trigram index, the
    // people by its actor index, so that neither reads the whole log.
    const people = await db
      .select({ id: users.id })
      .from(users)
      .where(or(ilike(users.email, pattern), sql`(${users.first_name} || ' ' || ${users.last_name}) ilike ${pattern}`))
      .limit(500);
    const words = sql`${AUDIT_SEARCH_TEXT} ilike ${pattern}`;
    conditions.push(
      people.length
        ? (or(
            words,
            inArray(
              audit_log.actor_user_id,
              people.map((p) => p.id),
            ),
          ) as SQL)
        : words,
    );
  }
  const cursor = filter.after === undefined ? undefined : decodeCursor(filter.after);
  if (filter.after !== undefined && !cursor) throw badRequest(MSG.pageCursorInvalid, { after: MSG.pageCursorInvalid });
  const where = conditions.length ? and(...conditions) : undefined;
  // Newest first by id: the page after a row is the rows older than it.
  const page = cursor ? and(where, lt(audit_log.id, cursor.id)) : where;
  const offset = cursor ? 0 : (filter.page - 1) * AUDIT_PAGE_SIZE;
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: audit_log.id,
        at: audit_log.created_at,
        actor_user_id: audit_log.actor_user_id,
        actor_email: users.email,
        actor_name: sql<string>`trim(${users.first_name} || ' ' || ${users.last_name})`,
        action: audit_log.action,
        entity: audit_log.entity,
        entity_id: audit_log.entity_id,
        changes: audit_log.changes,
        ip: audit_log.ip,
      })
      .from(audit_log)
      .leftJoin(users, eq(users.id, audit_log.actor_user_id))
      .where(page)
      .orderBy(desc(audit_log.id))
      .limit(AUDIT_PAGE_SIZE + 1)
      .offset(offset),
    cappedCount(db, db.select({ one: sql`1` }).from(audit_log).where(where).getSQL()),
  ]);
  const last = rows[AUDIT_PAGE_SIZE - 1];
  const entries: TAuditEntry[] = rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor_user_id: row.actor_user_id,
    // No one signed in: a visitor when the change came through a request (a failed sign-in), else the system itself.
    actor: row.actor_name || row.actor_email || (row.ip ? 'Visitor' : 'System'),
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    ...sidesOf(row.changes),
    ip: row.ip,
  }));
  return {
    status: 'success',
    message: 'ok',
    entries,
    total: counted.total,
    total_capped: counted.capped,
    next: rows.length > AUDIT_PAGE_SIZE && last ? encodeCursor({ value: String(last.id), id: last.id }) : null,
    page: filter.page,
    page_size: AUDIT_PAGE_SIZE,
  };
}
