import type { TAdminTestimonial, TAdminTestimonialResponse } from '@portal/contracts/admin-content';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { testimonials } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { recordHistory } from '../../audit/record-history.ts';

const columns = {
  id: testimonials.id,
  name: testimonials.name,
  address: testimonials.address,
  note: testimonials.note,
  published: testimonials.published,
  sort_order: testimonials.sort_order,
  updated_at: testimonials.updated_at,
};

const shown = (row: { updated_at: Date } & Omit<TAdminTestimonial, 'updated_at'>): TAdminTestimonial => ({
  ...row,
  updated_at: row.updated_at.toISOString(),
});

/** Every testimonial, hidden ones too, in the order the home page's carousel shows them. */
export async function listTestimonials(db: Database): Promise<TAdminTestimonial[]> {
  const rows = await db.select(columns).from(testimonials).orderBy(asc(testimonials.sort_order), asc(testimonials.id));
  return rows.map(shown);
}

export async function getTestimonial(db: Database, id: number): Promise<TAdminTestimonialResponse> {
  const [row] = await db.select(columns).from(testimonials).where(eq(testimonials.id, id));
  if (!row) throw notFound();
  return {
    status: 'success',
    message: 'ok',
    testimonial: shown(row),
    history: await recordHistory(db, 'testimonial', id),
  };
}
