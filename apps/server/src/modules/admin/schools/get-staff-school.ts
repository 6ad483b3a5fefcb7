import { certificateState, type TAdminSchoolDetail } from '@portal/contracts/admin-schools';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { orders, products, school_documents } from '../../../db/schema/index.ts';
import { getSchoolDetails } from '../../schools/get-school-details.ts';
import { findStaffSchool } from './find-staff-school.ts';

/** How many of a school's orders the detail lists, newest first ("All orders" leads to the rest). */
const ORDERS_SHOWN = 50;

/** One school for staff: everything it filled in, its account, its orders and its tax certificates. */
export async function getStaffSchool(db: Database, userId: number, today: string): Promise<TAdminSchoolDetail> {
  const user = await findStaffSchool(db, userId);
  const [details, ordered, [total], certificates] = await Promise.all([
    getSchoolDetails(db, userId).catch(() => null),
    db
      .select({
        order_id: orders.id,
        order_date: orders.created_at,
        product: products.product_name,
        school_year: orders.school_year,
        status: orders.status,
        payment_status: orders.payment_status,
        total_cents: orders.total_cents,
      })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.product_id))
      .where(eq(orders.school_user_id, userId))
      .orderBy(desc(orders.created_at), desc(orders.id))
      .limit(ORDERS_SHOWN),
    db.select({ n: count() }).from(orders).where(eq(orders.school_user_id, userId)),
    db
      .select({
        id: school_documents.id,
        file_name: school_documents.file_name,
        stored_name: school_documents.stored_name,
        created_at: school_documents.created_at,
        expires_on: school_documents.expires_on,
      })
      .from(school_documents)
      .where(and(eq(school_documents.school_user_id, userId), eq(school_documents.kind, 'tax_certificate')))
      .orderBy(desc(school_documents.created_at), desc(school_documents.id)),
  ]);
  return {
    user_id: user.id,
    details: details ?? { ...EMPTY_DETAILS, user_email: user.email },
    status: user.status,
    last_login_at: user.last_login_at?.toISOString() ?? null,
    created_at: user.created_at.toISOString(),
    orders: ordered.map((o) => ({ ...o, order_date: o.order_date.toISOString() })),
    orders_total: total?.n ?? 0,
    certificates: certificates.map((c, i) => ({
      id: c.id,
      file_name: c.file_name,
      stored_name: c.stored_name,
      uploaded_at: c.created_at.toISOString(),
      expires_on: c.expires_on,
      state: certificateState(c.expires_on, today),
      current: i === 0,
    })),
  };
}

/** A school that has not filled in its details yet. */
const EMPTY_DETAILS = {
  school_name: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  county: '',
  dist_calendar: null,
  phone: '',
  website: '',
  avg_enrollment: null,
  hod_name: '',
  hod_email: '',
  primary_name: '',
  primary_position: '',
  primary_phone: '',
  primary_phone2: '',
  secondary_name: '',
  secondary_position: '',
  secondary_email: '',
  secondary_phone: '',
  secondary_phone2: '',
  status: 1,
  ref_code: '',
  details_completed: false,
};
