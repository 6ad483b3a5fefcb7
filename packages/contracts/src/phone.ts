import { PHONE_LENGTH } from './constants.ts';

/**
 * US phone numbers as people type them: spaces, dots, dashes and brackets between the
 * digits, and a leading +1 or 1 (spec §9 counts the 10 digits after it).
 */
const PHONE_TYPING = /^\+?[\d\s().-]+$/;

/**
 * What a number copied from a contact card, a web page or a document carries besides its
 * characters: invisible direction and joining marks, and typographic dashes (a
 * non-breaking hyphen, an en dash, a minus) where one types a hyphen.
 */
const INVISIBLE = /\p{Cf}/gu;
const DASHES = /[\p{Pd}\u2212]/gu;

/** The 10 digits of a phone number, or null when the text is not one. */
export function phoneDigits(text: string): string | null {
  const typed = text.replace(INVISIBLE, '').replace(DASHES, '-').trim();
  if (!PHONE_TYPING.test(typed)) return null;
  const digits = typed.replace(/\D/g, '');
  if (typed.startsWith('+') && !digits.startsWith('1')) return null;
  const national = digits.length === PHONE_LENGTH + 1 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === PHONE_LENGTH ? national : null;
}

/** A phone number as people read it, "(813) 555-0199"; text that is not one is left as typed. */
export function formatPhone(text: string): string {
  const digits = phoneDigits(text);
  return digits ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : text;
}
