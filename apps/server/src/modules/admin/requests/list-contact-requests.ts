import { ADMIN_LIST_PAGE_SIZE, type TAdminRequestsResponse } from '@portal/contracts/admin-sponsors';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { contact_requests, users } from '../../../db/schema/index.ts';
import { escapeLike } from '../sponsors/list-sponsors.ts';

export interface RequestListFilter {
  q?: string | undefined;
  kind?: 'contact' | 'sponsor' | undefined;
  state: 'open' | 'handled' | 'all';
  page: number;
}

/** The public contact form's and the sponsor "register" form's messages, newest first. */
export async function listContactRequests(db: Database, filter: RequestListFilter): Promise<TAdminRequestsResponse> {
  const conditions: (SQL | undefined)[] = [
    filter.kind ? eq(contact_requests.kind, filter.kind) : inArray(contact_requests.kind, ['contact', 'sponsor']),
  ];
  if (filter.state === 'open') conditions.push(isNull(contact_requests.handled_at));
  if (filter.state === 'handled') conditions.push(isNotNull(contact_requests.handled_at));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(
      or(
        ilike(contact_requests.fullname, pattern),
        ilike(contact_requests.email, pattern),
        ilike(contact_requests.company, pattern),
        ilike(contact_requests.message, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: contact_requests.id,
        kind: contact_requests.kind,
        fullname: contact_requests.fullname,
        email: contact_requests.email,
        phone: contact_requests.phone,
        company: contact_requests.company,
        city: contact_requests.city,
        state: contact_requests.state,
        message: contact_requests.message,
        created_at: contact_requests.created_at,
        handled_at: contact_requests.handled_at,
        handled_by: sql<string>`coalesce(nullif(trim(${users.first_name} || ' ' || ${users.last_name}), ''), ${users.email}, '')`,
      })
      .from(contact_requests)
      .leftJoin(users, eq(users.id, contact_requests.handled_by))
      .where(where)
      .orderBy(desc(contact_requests.created_at), desc(contact_requests.id))
      .limit(ADMIN_LIST_PAGE_SIZE)
      .offset((filter.page - 1) * ADMIN_LIST_PAGE_SIZE),
    db.select({ n: count() }).from(contact_requests).where(where),
  ]);
  return {
    status: 'success',
    message: 'ok',
    requests: rows.map((r) => ({
      ...r,
      kind: r.kind === 'sponsor' ? 'sponsor' : 'contact',
      created_at: r.created_at.toISOString(),
      handled_at: r.handled_at?.toISOString() ?? null,
    })),
    total: total?.n ?? 0,
    page: filter.page,
    page_size: ADMIN_LIST_PAGE_SIZE,
  };
}
