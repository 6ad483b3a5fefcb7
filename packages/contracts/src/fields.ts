import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { MSG, numberTooBig, tooLong } from './messages.ts';
import { phoneDigits } from './phone.ts';
import './zod-messages.ts';

/**
 * Field rules the spec repeats across forms. Each says the same on every form: an empty
 * required field gets its own "… is required", a filled but malformed one says what is
 * wrong ("Enter a valid e-mail address"), and a limit names itself ("Use at most 200
 * characters"). No rule is a union: a form resolver shows the message of a union's
 * closest branch, not the union's own.
 */

/** A value of the wrong type reads as missing when there is none, otherwise as `invalid`. */
const wrongType =
  (required: string, invalid: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null ? required : invalid;

export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: wrongType(message, MSG.invalidValue) })
    .trim()
    .min(1, message)
    .max(max, tooLong(max));

export const optionalText = (max = 200) =>
  z.string({ error: MSG.invalidValue }).trim().max(max, tooLong(max)).default('');

const EMAIL_MAX = 254;
const isEmail = (v: string) => z.regexes.email.test(v);

/** An e-mail address that must be present: `required` when empty, what is wrong otherwise. */
export const emailField = (required: string = MSG.validEmailAddress) =>
  z
    .string({ error: wrongType(required, MSG.invalidEmail) })
    .trim()
    .min(1, required)
    .max(EMAIL_MAX, tooLong(EMAIL_MAX))
    .refine((v) => v === '' || isEmail(v), MSG.invalidEmail)
    .transform((v) => v.toLowerCase());

export const optionalEmail = () =>
  z
    .string({ error: MSG.invalidEmail })
    .trim()
    .max(EMAIL_MAX, tooLong(EMAIL_MAX))
    .refine((v) => v === '' || isEmail(v), MSG.invalidEmail)
    .transform((v) => v.toLowerCase())
    .default('');

/** The longest password a sign-in takes: one set before the 128-character limit may be longer. */
const SIGN_IN_PASSWORD_MAX = 200;

/** Characters as people count them: an emoji or an accented letter typed as one is one. */
const characters = (value: string) => [...value].length;

/**
 * A new password (decision 027, NIST SP 800-63B): 8 to 128 characters, any characters,
 * nothing trimmed, no rules of composition. Whether it is a common one is checked by the
 * server, so that the list is not sent to every browser.
 */
export const passwordField = () =>
  z
    .string({ error: wrongType(MSG.passwordRequired, MSG.invalidValue) })
    .min(1, MSG.passwordRequired)
    .refine((v) => v === '' || characters(v) >= PASSWORD_MIN_LENGTH, MSG.passwordTooShort)
    .refine((v) => characters(v) <= PASSWORD_MAX_LENGTH, MSG.passwordTooLong);

/**
 * The password an account has now, typed to sign in or to confirm a change: whatever it is
 * (it may predate today's rules), only its presence is checked here.
 */
export const currentPasswordField = (required: string = MSG.passwordRequired) =>
  z
    .string({ error: wrongType(required, MSG.invalidValue) })
    .min(1, required)
    .max(SIGN_IN_PASSWORD_MAX, tooLong(SIGN_IN_PASSWORD_MAX));

/** The current password where only some saves need it (a new sign-in e-mail): the server says when. */
export const optionalCurrentPassword = () =>
  z.string({ error: MSG.invalidValue }).max(SIGN_IN_PASSWORD_MAX, tooLong(SIGN_IN_PASSWORD_MAX)).default('');

/**
 * A US phone number as people type it ("+1 (813) 555-0142", "813.555.0142"), kept as
 * its 10 digits (spec §9). Empty is `required`; anything else that is not one says so.
 */
export const phoneField = (required: string = MSG.phoneRequired) =>
  z
    .string({ error: wrongType(required, MSG.invalidPhone) })
    .trim()
    .min(1, required)
    .refine((v) => v === '' || phoneDigits(v) !== null, MSG.invalidPhone)
    .transform((v) => phoneDigits(v) ?? v);

export const optionalPhone = () =>
  z
    .string({ error: MSG.invalidPhone })
    .trim()
    .refine((v) => v === '' || phoneDigits(v) !== null, MSG.invalidPhone)
    .transform((v) => phoneDigits(v) ?? v)
    .default('');

/** Optional http(s) scheme, a domain with a 2 to 5 letter ending, optional port and path (spec §5). */
export const WEBSITE_PATTERN = /^(https?:\/\/)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,5}(:\d{1,5})?(\/[^\s]*)?$/i;
const WEBSITE_MAX = 300;

export const websiteField = (required: string = MSG.websiteRequired) =>
  z
    .string({ error: wrongType(required, MSG.websiteInvalid) })
    .trim()
    .min(1, required)
    .max(WEBSITE_MAX, tooLong(WEBSITE_MAX))
    .refine((v) => v === '' || WEBSITE_PATTERN.test(v), MSG.websiteInvalid);

export const optionalWebsite = () =>
  z
    .string({ error: MSG.websiteInvalid })
    .trim()
    .max(WEBSITE_MAX, tooLong(WEBSITE_MAX))
    .refine((v) => v === '' || WEBSITE_PATTERN.test(v), MSG.websiteInvalid)
    .default('');

const WHOLE_NUMBER_MAX = 1_000_000;

/** Typed digits become a number, blank is none; anything else is left for the number rule to refuse. */
export function readTypedNumber(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return value;
  let typed = value.trim();
  if (typed === '') return null;
  // Thousands written as people write them, or as a pasted figure brings them: "1,000",
  // "1 000" and "1\u202f000" are 1000.
  if (/^\d{1,3}(,\d{3})+$/.test(typed) || /^\d{1,3}([ \u00a0\u202f]\d{3})+$/.test(typed)) {
    typed = typed.replace(/[, \u00a0\u202f]/g, '');
  }
  return /^[+-]?\d+(\.\d+)?$/.test(typed) ? Number(typed) : value;
}

/** A whole number of at least 1 typed into a text or number box; blank or left out means none. */
export const optionalWholeNumber = () =>
  z.preprocess(
    readTypedNumber,
    z
      .number({ error: MSG.wholeNumber })
      .int(MSG.wholeNumber)
      .min(1, MSG.wholeNumber)
      .max(WHOLE_NUMBER_MAX, numberTooBig(WHOLE_NUMBER_MAX))
      .nullable(),
  );

/** A yes/no question answered by radios ('1'/'0') or by an API client (1/0). */
export const yesNoField = (required: string = MSG.required) =>
  z.preprocess((v) => (v === '1' ? 1 : v === '0' ? 0 : v), z.literal([1, 0], { error: required }));
