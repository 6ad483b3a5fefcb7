import {
  ADMIN_SCHOOLS_PAGE_SIZE,
  certificateState,
  type SchoolSort,
  type TAdminSchoolsResponse,
} from '@portal/contracts/admin-schools';
import { USER_TYPE } from '@portal/contracts/constants';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { orders, school_documents, schools, states, users } from '../../../db/schema/index.ts';
import { cappedCount } from '../../../lib/paging.ts';
import { escapeLike } from '../sponsors/list-sponsors.ts';
import { schoolsMatching } from './schools-matching.ts';

export interface SchoolListFilter {
  q?: string | undefined;
  sort: SchoolSort;
  page: number;
  /** YYYY-MM-DD: the day certificates are judged on. */
  today: string;
}

/** A page of schools with their contact, their orders counted and their current tax certificate. */
export async function listSchools(db: Database, filter: SchoolListFilter): Promise<TAdminSchoolsResponse> {
  const conditions: (SQL | undefined)[] = [eq(users.usertype, USER_TYPE.school)];
  if (filter.q) {
    const matching = await schoolsMatching(db, filter.q, { contactAndCity: true });
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(
      matching
        ? matching.length
          ? inArray(users.id, matching)
          : sql`false`
        : or(
            ilike(schools.school_name, pattern),
            ilike(schools.primary_name, pattern),
            ilike(users.email, pattern),
            ilike(schools.city, pattern),
          ),
    );
  }
  const where = and(...conditions);
  // Each school of the page counts its own orders and finds its newest certificate by its
  // indexes; only the sort by orders needs every school's count first.
  const orderCount = sql<number>`(select count(*)::int from ${orders} where ${orders.school_user_id} = ${users.id})`;
  const newestCertificate = sql`(select to_char(${school_documents.expires_on}, 'YYYY-MM-DD') from ${school_documents}
    where ${school_documents.school_user_id} = ${users.id} and ${school_documents.kind} = 'tax_certificate'
    order by ${school_documents.created_at} desc, ${school_documents.id} desc limit 1)`;
  const hasCertificate = sql<boolean>`exists (select 1 from ${school_documents}
    where ${school_documents.school_user_id} = ${users.id} and ${school_documents.kind} = 'tax_certificate')`;
  const name = sql`lower(coalesce(${schools.school_name}, ''))`;
  const order = {
    name_asc: [asc(name), asc(users.id)],
    name_desc: [desc(name), desc(users.id)],
    created_desc: [desc(users.created_at), desc(users.id)],
    created_asc: [asc(users.created_at), asc(users.id)],
    orders_desc: [desc(orderCount), asc(name), asc(users.id)],
  }[filter.sort];
  // The page's schools are found first, by the sort alone; only those 25 then count their
  // orders and find their certificates (a deep page would otherwise do it for every school before it).
  const pageOfSchools = db
    .select({ id: users.id })
    .from(users)
    .leftJoin(schools, eq(schools.user_id, users.id))
    .where(where)
    .orderBy(...order)
    .limit(ADMIN_SCHOOLS_PAGE_SIZE)
    .offset((filter.page - 1) * ADMIN_SCHOOLS_PAGE_SIZE)
    .as('page_of_schools');
  const [rows, total] = await Promise.all([
    db
      .select({
        user_id: users.id,
        school_name: sql<string>`coalesce(${schools.school_name}, '')`,
        primary_name: sql<string>`coalesce(${schools.primary_name}, '')`,
        email: users.email,
        phone: sql<string>`coalesce(nullif(${schools.phone}, ''), ${schools.primary_phone}, '')`,
        city: sql<string>`coalesce(${schools.city}, '')`,
        state: sql<string>`coalesce(${states.state_code}, '')`,
        status: users.status,
        orders: orderCount,
        has_certificate: hasCertificate,
        certificate_expires_on: sql<string | null>`${newestCertificate}`,
        created_at: users.created_at,
      })
      .from(users)
      .innerJoin(pageOfSchools, eq(pageOfSchools.id, users.id))
      .leftJoin(schools, eq(schools.user_id, users.id))
      .leftJoin(states, eq(states.id, schools.state_id))
      .orderBy(...order),
    cappedCount(
      db,
      db.select({ one: sql`1` }).from(users).leftJoin(schools, eq(schools.user_id, users.id)).where(where).getSQL(),
    ),
  ]);
  return {
    status: 'success',
    message: 'ok',
    schools: rows.map(({ has_certificate, ...r }) => ({
      ...r,
      certificate: has_certificate ? certificateState(r.certificate_expires_on, filter.today) : 'none',
      created_at: r.created_at.toISOString(),
    })),
    total: total.total,
    total_capped: total.capped,
    page: filter.page,
    page_size: ADMIN_SCHOOLS_PAGE_SIZE,
  };
}
