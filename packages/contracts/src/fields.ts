import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, PHONE_LENGTH } from './constants.ts';
import { MSG } from './messages.ts';

/** Field rules the spec repeats across forms, each with its own message. */

/** A string, trimmed; a missing value gets the field's own message rather than a type error. */
const trimmed = (message?: string) => z.string(message ? { error: message } : undefined).trim();

export const requiredText = (message: string, max = 200) =>
  trimmed(message).min(1, message).max(max, `At most ${max} characters`);

export const optionalText = (max = 200) => trimmed().max(max, `At most ${max} characters`).default('');

/** An e-mail address that must be present and well formed; one message for both. */
export const emailField = (message: string = MSG.validEmailAddress) =>
  trimmed(message)
    .min(1, message)
    .max(254, message)
    .pipe(z.email(message))
    .transform((v) => v.toLowerCase());

export const optionalEmail = (message: string = MSG.validEmailAddress) =>
  z.union([z.literal(''), emailField(message)], { error: message }).default('');

export const passwordField = () =>
  z
    .string({ error: MSG.passwordRequired })
    .min(1, MSG.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, MSG.passwordTooShort)
    .max(200);

/** Phone: exactly 10 characters (spec §9), digits only once formatting is removed. */
export const phoneField = (message: string = MSG.phoneRequired) =>
  trimmed(message)
    .min(1, message)
    .transform((v) => v.replace(/[\s().-]/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${PHONE_LENGTH}}$`), message));

export const optionalPhone = (message: string = MSG.phoneRequired) =>
  z.union([z.literal(''), phoneField(message)]).default('');

/** Optional http(s) scheme, a domain with a 2 to 5 letter ending, optional port and path (spec §5). */
export const WEBSITE_PATTERN = /^(https?:\/\/)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,5}(:\d{1,5})?(\/[^\s]*)?$/i;

export const websiteField = () => trimmed(MSG.websiteInvalid).max(300).regex(WEBSITE_PATTERN, MSG.websiteInvalid);
export const optionalWebsite = () => z.union([z.literal(''), websiteField()]).default('');

/** A whole number of at least 1 typed into a text or number box; blank or left out means none. */
export const optionalWholeNumber = () =>
  z
    .union([z.literal(''), z.null(), z.coerce.number()], { error: MSG.wholeNumber })
    .optional()
    .transform((v) => (v === '' || v === null || v === undefined ? null : v))
    .pipe(
      z
        .number({ error: MSG.wholeNumber })
        .int(MSG.wholeNumber)
        .min(1, MSG.wholeNumber)
        .max(1_000_000, MSG.wholeNumber)
        .nullable(),
    );
