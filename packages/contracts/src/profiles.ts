import { z } from 'zod';
import { successWith } from './envelope.ts';
import {
  emailField,
  optionalCurrentPassword,
  optionalEmail,
  optionalPhone,
  optionalText,
  optionalWebsite,
  optionalWholeNumber,
  phoneField,
  requiredText,
  websiteField,
  yesNoField,
} from './fields.ts';
import { MSG, tooLong } from './messages.ts';

const zipField = () =>
  z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? MSG.zipRequired : MSG.zipInvalid),
    })
    .trim()
    .min(1, MSG.zipRequired)
    .refine((v) => v === '' || /^\d{5}(-\d{4})?$/.test(v), MSG.zipInvalid);

const EXTENSION_MAX = 10;
const extension = () =>
  z
    .string({ error: MSG.digitsOnly })
    .trim()
    .max(EXTENSION_MAX, tooLong(EXTENSION_MAX))
    .regex(/^\d*$/, MSG.digitsOnly)
    .default('');

const accountStatus = () => z.coerce.number({ error: MSG.invalidValue }).int(MSG.invalidValue).default(1);

/** The school's details: the first-time form and the profile (spec §3, §5). */
export const SchoolFields = z.object({
  school_name: requiredText(MSG.schoolNameRequired),
  address: requiredText(MSG.addressRequired, 300),
  city: requiredText(MSG.cityRequired, 100),
  state: requiredText(MSG.stateRequired, 100),
  zip: zipField(),
  county: requiredText(MSG.countyRequired, 100),
  dist_calendar: yesNoField(),
  phone: phoneField(),
  website: websiteField(MSG.websiteRequired),
  avg_enrollment: optionalWholeNumber(),
  hod_name: requiredText(MSG.hodNameRequired),
  hod_email: emailField(MSG.hodEmailRequired),
  primary_name: requiredText(MSG.primaryNameRequired),
  primary_position: requiredText(MSG.primaryPositionRequired),
  primary_email: emailField(MSG.primaryEmailRequired),
  primary_phone: phoneField(MSG.primaryPhoneRequired),
  primary_phone2: extension(),
  secondary_name: optionalText(),
  secondary_position: optionalText(),
  secondary_email: optionalEmail(),
  secondary_phone: optionalPhone(),
  secondary_phone2: extension(),
});
export type TSchoolFields = z.input<typeof SchoolFields>;

/**
 * The current password, asked for only when a save changes the e-mail the account signs in
 * with (the primary contact's): the server refuses such a save without it, or with a wrong one.
 */
export const LOGIN_CONFIRMATION = { current_password: optionalCurrentPassword() };
const confirmation = LOGIN_CONFIRMATION;

/**
 * The profile forms' check before sending: once the primary e-mail is no longer the address
 * the account signs in with (capitals aside), the current password must be filled in.
 */
export const asksPasswordForNewLogin =
  (loginEmail: string) => (values: { primary_email: string; current_password: string }, ctx: z.RefinementCtx) => {
    if (values.primary_email.toLowerCase() === loginEmail.toLowerCase() || values.current_password !== '') return;
    ctx.addIssue({ code: 'custom', path: ['current_password'], message: MSG.emailChangeNeedsPassword });
  };

/** POST /api/schoolaccount */
export const SchoolAccountBody = SchoolFields.extend({ status: accountStatus(), ...confirmation });
export type TSchoolAccountBody = z.input<typeof SchoolAccountBody>;

export const SchoolDetails = z.object({
  school_name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  county: z.string(),
  dist_calendar: z.number().int().nullable(),
  phone: z.string(),
  website: z.string(),
  avg_enrollment: z.number().int().nullable(),
  hod_name: z.string(),
  hod_email: z.string(),
  primary_name: z.string(),
  primary_position: z.string(),
  primary_phone: z.string(),
  primary_phone2: z.string(),
  secondary_name: z.string(),
  secondary_position: z.string(),
  secondary_email: z.string(),
  secondary_phone: z.string(),
  secondary_phone2: z.string(),
  status: z.number().int(),
  ref_code: z.string(),
  /** The login e-mail, shown as the primary contact e-mail. */
  user_email: z.string(),
  details_completed: z.boolean(),
});
export type TSchoolDetails = z.infer<typeof SchoolDetails>;
export const SchoolDetailsResponse = successWith({ result: SchoolDetails });
export type TSchoolDetailsResponse = z.infer<typeof SchoolDetailsResponse>;

/** The sponsor's first-time form: business name and sales rep (spec §5). */
export const SponsorDetailsFields = z.object({
  business_name: requiredText(MSG.businessNameRequired),
  srep_id: z.coerce.number({ error: MSG.salesRepRequired }).int(MSG.salesRepRequired).min(1, MSG.salesRepRequired),
});
export type TSponsorDetailsFields = z.input<typeof SponsorDetailsFields>;

/** The sponsor profile (spec §5); the sales rep is read-only there. */
export const SponsorProfileFields = z.object({
  business_name: requiredText(MSG.businessNameRequired),
  phone_number: phoneField(),
  website: optionalWebsite(),
  address: requiredText(MSG.addressRequired, 300),
  city: requiredText(MSG.cityRequired, 100),
  state: requiredText(MSG.stateRequired, 100),
  zip: zipField(),
  county: requiredText(MSG.countyRequired, 100),
  primary_name: requiredText(MSG.primaryNameRequired),
  primary_email: emailField(MSG.primaryEmailRequired),
  primary_phone: phoneField(MSG.primaryPhoneRequired),
  secondary_name: optionalText(),
  secondary_email: optionalEmail(),
  secondary_phone: optionalPhone(),
});
export type TSponsorProfileFields = z.input<typeof SponsorProfileFields>;

const SponsorProfileBody = SponsorProfileFields.extend({ status: accountStatus(), ...confirmation });
const SponsorFirstDetailsBody = SponsorDetailsFields.extend({ status: accountStatus() });

/**
 * POST /api/sponsoraccount: read as the profile form when it carries primary_email,
 * otherwise as the first-time form, so that each reports its own field messages.
 */
export const SponsorAccountBody = z.record(z.string(), z.unknown()).transform((input, ctx) => {
  const schema = 'primary_email' in input ? SponsorProfileBody : SponsorFirstDetailsBody;
  const parsed = schema.safeParse(input);
  if (parsed.success)
    return parsed.data as z.output<typeof SponsorProfileBody> | z.output<typeof SponsorFirstDetailsBody>;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return z.NEVER;
});
export type TSponsorAccountBody = (TSponsorProfileFields & { current_password?: string }) | TSponsorDetailsFields;

export const SponsorDetails = z.object({
  business_name: z.string(),
  srep_id: z.number().int().nullable(),
  phone_number: z.string(),
  website: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  county: z.string(),
  primary_name: z.string(),
  primary_email: z.string(),
  primary_phone: z.string(),
  secondary_name: z.string(),
  secondary_email: z.string(),
  secondary_phone: z.string(),
  status: z.number().int(),
  user_email: z.string(),
  user_name: z.string(),
  sr_fname: z.string(),
  sr_lname: z.string(),
  details_completed: z.boolean(),
});
export type TSponsorDetails = z.infer<typeof SponsorDetails>;
export const SponsorDetailsResponse = successWith({ result: SponsorDetails });
export type TSponsorDetailsResponse = z.infer<typeof SponsorDetailsResponse>;

/** The public contact form and the sponsor "register" form (spec §3, §5). */
export const ContactFields = z.object({
  fullname: requiredText(MSG.fullNameRequired),
  email: emailField(MSG.validEmailAddress),
  phone: phoneField(),
  state: requiredText(MSG.stateRequired, 100),
  city: requiredText(MSG.cityRequired, 100),
  company: requiredText(MSG.companyRequired),
  message: requiredText(MSG.required, 5000),
});
export type TContactFields = z.input<typeof ContactFields>;
export const SponsorRequestFields = ContactFields.extend({ company: requiredText(MSG.businessNameRequired) });
export type TSponsorRequestFields = z.input<typeof SponsorRequestFields>;
