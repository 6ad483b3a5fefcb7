import type { TestimonialFields } from '@portal/contracts/admin-content';
import type { z } from 'zod';
import { testimonials } from '../../../db/schema/index.ts';
import { sanitizeHtml } from '../../../lib/sanitize.ts';

export type TestimonialValues = z.output<typeof TestimonialFields>;

/** The testimonial as it is stored: its note sanitised (D16). */
export const cleanTestimonial = (fields: TestimonialValues) => ({ ...fields, note: sanitizeHtml(fields.note) });

/** The columns a testimonial's audit rows compare. */
export const TESTIMONIAL_AUDITED = {
  name: testimonials.name,
  address: testimonials.address,
  note: testimonials.note,
  published: testimonials.published,
};
