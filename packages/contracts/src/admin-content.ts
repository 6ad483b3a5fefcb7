import { z } from 'zod';
import { AuditEntry } from './admin.ts';
import { CONTENT_PAGE } from './constants.ts';
import { successWith } from './envelope.ts';
import { emailField, phoneField, requiredText } from './fields.ts';
import { MSG, tooLong } from './messages.ts';
import { queryInt } from './query.ts';
import { PublicSettings, type SETTING_KEYS, type TPublicSettings } from './settings.ts';
import './zod-messages.ts';

/**
 * The back office's content (D9, D15, D16): the twelve content pages, the testimonials,
 * Help and Support's topics and answers, and the site settings. Administrators only.
 */

const history = z.array(AuditEntry);
const isoTime = z.string();

/** The pages whose body the site shows, and where: the others keep only a head (title, description, picture). */
export const CONTENT_PAGE_BODIES: Partial<Record<number, string>> = {
  [CONTENT_PAGE.about]: 'the About page’s text, beside its picture',
  [CONTENT_PAGE.privacy]: 'the Privacy Policy, under its title',
  [CONTENT_PAGE.terms]: 'the Terms of Service, under its title',
};

/** Text that is empty once its tags are taken away ("<p></p>") counts as empty. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();

/** Staff-edited HTML (D16): checked for length and presence here, sanitised by the server when saved. */
const richText = (required: string | undefined, max: number) =>
  z
    .string({ error: required ?? MSG.invalidValue })
    .trim()
    .max(max, tooLong(max))
    .refine((v) => !required || textOf(v) !== '', required ?? MSG.invalidValue)
    .transform((v) => (textOf(v) === '' && !/<(img|iframe|video)/i.test(v) ? '' : v));

// ---------------------------------------------------------------- content pages

export const CONTENT_BODY_MAX = 100_000;

/** A picture address on this site (/images/…) or on the web (https://…); empty keeps the site's default picture. */
const imageUrl = z
  .string({ error: MSG.contentImageInvalid })
  .trim()
  .max(500, tooLong(500))
  .refine((v) => v === '' || /^\/[^/\s]\S*$/.test(v) || /^https?:\/\/\S+$/i.test(v), MSG.contentImageInvalid);

const pixels = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: MSG.contentImageSizeInvalid })
    .int(MSG.contentImageSizeInvalid)
    .min(1, MSG.contentImageSizeInvalid)
    .max(4000, MSG.contentImageSizeInvalid),
);

/** The record's updated_at when its form was opened: a save over a later change is refused. */
const version = z.string().max(40).optional();

/** POST /api/admin/pages/:id: what staff may change of a content page (its id, name and address are fixed). */
export const ContentPageFields = z.object({
  seo_title: requiredText(MSG.contentTitleRequired, 200),
  seo_description: requiredText(MSG.contentDescriptionRequired, 500),
  image_url: imageUrl,
  image_width: pixels,
  image_height: pixels,
  body_html: richText(undefined, CONTENT_BODY_MAX).default(''),
  version,
});
export type TContentPageFields = z.input<typeof ContentPageFields>;

export const AdminContentPageRow = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  /** Whether the site shows this page's body (CONTENT_PAGE_BODIES), and whether one is written. */
  shows_body: z.boolean(),
  has_body: z.boolean(),
  updated_at: isoTime,
});
export type TAdminContentPageRow = z.infer<typeof AdminContentPageRow>;

export const AdminContentPagesResponse = successWith({ pages: z.array(AdminContentPageRow) });
export type TAdminContentPagesResponse = z.infer<typeof AdminContentPagesResponse>;

export const AdminContentPage = AdminContentPageRow.extend({
  image_url: z.string(),
  image_width: z.number().int(),
  image_height: z.number().int(),
  body_html: z.string(),
});
export const AdminContentPageResponse = successWith({ page: AdminContentPage, history });
export type TAdminContentPageResponse = z.infer<typeof AdminContentPageResponse>;

// ---------------------------------------------------------------- testimonials

export const TestimonialFields = z.object({
  name: requiredText(MSG.testimonialNameRequired, 120),
  /** Where they are from: "Principal, Lincoln Elementary, Tampa". */
  address: z.string({ error: MSG.invalidValue }).trim().max(200, tooLong(200)).default(''),
  note: richText(MSG.testimonialNoteRequired, 5000),
  published: z.boolean({ error: MSG.invalidValue }).default(true),
});
export type TTestimonialFields = z.input<typeof TestimonialFields>;

/** POST /api/admin/testimonials/:id: a testimonial saved over the version its form was opened with. */
export const TestimonialUpdate = TestimonialFields.extend({ version });
export type TTestimonialUpdate = z.input<typeof TestimonialUpdate>;

export const AdminTestimonial = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  note: z.string(),
  published: z.boolean(),
  sort_order: z.number().int(),
  updated_at: isoTime,
});
export type TAdminTestimonial = z.infer<typeof AdminTestimonial>;

export const AdminTestimonialsResponse = successWith({ testimonials: z.array(AdminTestimonial) });
export type TAdminTestimonialsResponse = z.infer<typeof AdminTestimonialsResponse>;
export const AdminTestimonialResponse = successWith({ testimonial: AdminTestimonial, history });
export type TAdminTestimonialResponse = z.infer<typeof AdminTestimonialResponse>;

// ---------------------------------------------------------------- FAQs and their topics

/** Who reads a topic or an answer: 0 schools and sponsors, 4 schools, 5 sponsors (as faq_categories.audience). */
export const AUDIENCES = [0, 4, 5] as const;
export const AUDIENCE_LABELS: Record<(typeof AUDIENCES)[number], string> = {
  0: 'Schools and sponsors',
  4: 'Schools only',
  5: 'Sponsors only',
};
const audience = z.preprocess(
  (v) => (typeof v === 'string' && v !== '' ? Number(v) : v),
  z
    .number({ error: MSG.audienceInvalid })
    .refine((v): v is (typeof AUDIENCES)[number] => (AUDIENCES as readonly number[]).includes(v), MSG.audienceInvalid),
);

export const FAQ_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const FaqTopicFields = z.object({
  name: requiredText(MSG.faqTopicNameRequired, 80),
  /** The topic's address on the support page (/school/support?topic=…); made from the name when left empty. */
  slug: z
    .string({ error: MSG.faqTopicSlugInvalid })
    .trim()
    .toLowerCase()
    .max(60, tooLong(60))
    .refine((v) => v === '' || FAQ_SLUG_PATTERN.test(v), MSG.faqTopicSlugInvalid)
    .default(''),
  description: z.string({ error: MSG.invalidValue }).trim().max(200, tooLong(200)).default(''),
  audience: audience.default(0),
});
export type TFaqTopicFields = z.input<typeof FaqTopicFields>;

/** POST /api/admin/faq-categories/:id: a topic saved over the version its form was opened with. */
export const FaqTopicUpdate = FaqTopicFields.extend({ version });
export type TFaqTopicUpdate = z.input<typeof FaqTopicUpdate>;

export const AdminFaqTopic = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  audience: z.number().int(),
  sort_order: z.number().int(),
  faq_count: z.number().int(),
  updated_at: isoTime,
});
export type TAdminFaqTopic = z.infer<typeof AdminFaqTopic>;

export const AdminFaqTopicsResponse = successWith({ categories: z.array(AdminFaqTopic) });
export type TAdminFaqTopicsResponse = z.infer<typeof AdminFaqTopicsResponse>;
export const AdminFaqTopicResponse = successWith({ category: AdminFaqTopic, history });
export type TAdminFaqTopicResponse = z.infer<typeof AdminFaqTopicResponse>;

export const FaqFields = z.object({
  category_id: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? Number(v) : v),
    z.number({ error: MSG.faqTopicRequired }).int(MSG.faqTopicRequired).min(1, MSG.faqTopicRequired),
  ),
  question: requiredText(MSG.faqQuestionRequired, 300),
  answer: richText(MSG.faqAnswerRequired, 20_000),
  audience: audience.default(0),
});
export type TFaqFields = z.input<typeof FaqFields>;

/** POST /api/admin/faqs/:id: a question saved over the version its form was opened with. */
export const FaqUpdate = FaqFields.extend({ version });
export type TFaqUpdate = z.input<typeof FaqUpdate>;

/** GET /api/admin/faqs?category_id=: one topic's questions, or every question. */
export const AdminFaqsQuery = z.object({
  category_id: queryInt('category_id', { min: 1, max: 2_147_483_647 }).optional(),
});

export const AdminFaq = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  category_name: z.string(),
  question: z.string(),
  answer: z.string(),
  audience: z.number().int(),
  sort_order: z.number().int(),
  updated_at: isoTime,
});
export type TAdminFaq = z.infer<typeof AdminFaq>;

export const AdminFaqsResponse = successWith({ faqs: z.array(AdminFaq) });
export type TAdminFaqsResponse = z.infer<typeof AdminFaqsResponse>;
export const AdminFaqResponse = successWith({ faq: AdminFaq, history });
export type TAdminFaqResponse = z.infer<typeof AdminFaqResponse>;

// ---------------------------------------------------------------- ordering

const ids = z
  .array(z.number({ error: MSG.orderListMismatch }).int().min(1), { error: MSG.orderListMismatch })
  .min(1, MSG.orderListMismatch)
  .max(1000, MSG.orderListMismatch);

/** POST …/order: every record of the list, each once, in the order wanted (first shown first). */
export const OrderBody = z.object({ ids });
export type TOrderBody = z.infer<typeof OrderBody>;
/** POST /api/admin/faqs/order: one topic's questions in the order wanted. */
export const FaqOrderBody = z.object({ category_id: FaqFields.shape.category_id, ids });
export type TFaqOrderBody = z.infer<typeof FaqOrderBody>;

export const CreatedResponse = successWith({ id: z.number().int() });
export type TCreatedResponse = z.infer<typeof CreatedResponse>;

// ---------------------------------------------------------------- site settings (D9)

const webAddress = z
  .string({ error: MSG.settingUrlRequired })
  .trim()
  .min(1, MSG.settingUrlRequired)
  .max(500, tooLong(500))
  .refine((v) => v === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), MSG.settingUrlInvalid);

/** MM-DD, a day every year has (29 February is not one). */
export function isMonthDay(value: string): boolean {
  const m = /^(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [month, day] = [Number(m[1]), Number(m[2])];
  const date = new Date(Date.UTC(2027, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** POST /api/admin/settings: every setting at once; the phone is kept as people read it, "(813) 555-0142". */
export const SettingsFields = z.object({
  provider_name: requiredText(MSG.settingProviderNameRequired, 120),
  support_email: emailField(MSG.settingSupportEmailRequired),
  support_phone: phoneField(MSG.settingSupportPhoneRequired),
  postal_address: requiredText(MSG.settingAddressRequired, 300),
  fundraising_url: webAddress,
  fundraising_label: requiredText(MSG.settingLabelRequired, 40),
  partner_url: webAddress,
  promo_video_url: z
    .string({ error: MSG.settingVideoInvalid })
    .trim()
    .min(1, MSG.settingVideoInvalid)
    .max(500, tooLong(500))
    .refine((v) => /^\/[^/\s]\S*$/.test(v) || /^https?:\/\/[^\s/]+\.\S+$/i.test(v), MSG.settingVideoInvalid),
  cancel_cutoff: z.string({ error: MSG.settingCutoffInvalid }).trim().refine(isMonthDay, MSG.settingCutoffInvalid),
  sales_tax_note: requiredText(MSG.settingTaxNoteRequired, 300),
}) satisfies z.ZodType<TPublicSettings, unknown>;
export type TSettingsFields = z.input<typeof SettingsFields>;

/**
 * POST /api/admin/settings: the settings with the values the form was opened with, so that
 * only what this admin changed is written, and a setting someone else changed meanwhile to
 * something else is not overwritten (refused, 409).
 */
export const SettingsUpdate = SettingsFields.extend({ opened: PublicSettings.partial().optional() });
export type TSettingsUpdate = z.input<typeof SettingsUpdate>;

/** What each setting is called and what changing it changes, in the order the screen shows them. */
export const SETTING_TEXTS: Record<(typeof SETTING_KEYS)[number], { label: string; description: string }> = {
  provider_name: {
    label: 'Provider name',
    description: 'The company’s name as invoices, quotes and e-mails carry it.',
  },
  support_email: {
    label: 'Support e-mail',
    description:
      'Shown in the footer, on the home and contact pages, in the privacy policy and on invoices; staff e-mails about orders and contact requests name it.',
  },
  support_phone: {
    label: 'Support phone',
    description:
      'Shown in the footer, on the home and contact pages and on invoices. Paste it in any common format; it is kept as (813) 555-0142.',
  },
  postal_address: {
    label: 'Postal address',
    description: 'Shown with the support contacts, in the privacy policy and on invoices and quotes.',
  },
  fundraising_url: {
    label: 'Fundraising division link',
    description: 'Where the header’s fundraising link leads (a web address).',
  },
  fundraising_label: {
    label: 'Fundraising link text',
    description: 'The words of that link in the header, e.g. “School Fundraising”.',
  },
  partner_url: {
    label: 'Partner link',
    description: 'Where the partner section on the home page leads.',
  },
  promo_video_url: {
    label: 'Promotional video',
    description:
      'The video the home page plays in its window: a web address or a file on this site (/media/promo.mp4).',
  },
  cancel_cutoff: {
    label: 'Cancellation cut-off',
    description:
      'The day (MM-DD) from which schools can no longer change or cancel a reservation for the coming school year themselves; 05-01 is May 1. Order pages, their messages and the reservation e-mails follow it at once.',
  },
  sales_tax_note: {
    label: 'Sales-tax note',
    description:
      'A line telling schools how sales tax is added to an order, shown beside the prices of the reservation form and of an order until staff add the tax.',
  },
};

export const AdminSettingsResponse = successWith({ settings: PublicSettings, history });
export type TAdminSettingsResponse = z.infer<typeof AdminSettingsResponse>;
