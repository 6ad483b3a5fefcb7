/** The test gateway's cards (D13): one that pays, one that is declined. */
export const TEST_CARDS = { paid: '4242424242424242', declined: '4000000000000002' } as const;

export interface CardForm {
  card_number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardCheck =
  | { ok: true; outcome: 'paid' | 'declined'; last4: string }
  | { ok: false; errors: Partial<Record<keyof CardForm, string>> };

export type ExpiryReading = { ok: true; month: number; year: number } | { ok: false; error: string };

const EXPIRY_FORMAT = 'Enter the expiry date as MM/YY, for example 12/30.';

/**
 * Reads an expiry as payers type it: 12/29, 12 / 29, 12/2029, or the digits alone (1229,
 * 122029), which is what a phone's number pad gives.
 */
export function parseExpiry(value: string): ExpiryReading {
  const text = value.trim();
  if (!text) return { ok: false, error: 'Enter the expiry date as MM/YY.' };
  const match = /^(\d{1,2})\s*[/\-. ]\s*(\d{2}|\d{4})$/.exec(text) ?? /^(\d{2})(\d{2}|\d{4})$/.exec(text);
  if (!match?.[1] || !match[2]) return { ok: false, error: EXPIRY_FORMAT };
  const month = Number(match[1]);
  if (month < 1 || month > 12) return { ok: false, error: 'The month must be from 01 to 12, as in 12/30.' };
  const year = match[2].length === 4 ? Number(match[2]) : 2000 + Number(match[2]);
  if (year < 2000 || year > 2099) return { ok: false, error: EXPIRY_FORMAT };
  return { ok: true, month, year };
}

/** The card is good through the last day of its expiry month. */
function expiryError(value: string, today: Date): string | undefined {
  const expiry = parseExpiry(value);
  if (!expiry.ok) return expiry.error;
  const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth();
  if (expiry.year * 12 + (expiry.month - 1) < thisMonth) return 'This card has expired. Enter a date in the future.';
  return undefined;
}

/** Checks the hosted page's fields, each with its own message, and says what the card does. */
export function checkTestCard(form: CardForm, today: Date): CardCheck {
  const errors: Partial<Record<keyof CardForm, string>> = {};
  const number = form.card_number.replace(/[\s-]/g, '');
  if (!number) errors.card_number = 'Enter the card number.';
  else if (number !== TEST_CARDS.paid && number !== TEST_CARDS.declined) {
    errors.card_number = 'Use a test card: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.';
  }
  const expiry = expiryError(form.expiry, today);
  if (expiry) errors.expiry = expiry;
  if (!form.cvc.trim()) errors.cvc = 'Enter the CVC.';
  else if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = 'The CVC is the 3 or 4 digits on the card.';
  if (!form.name.trim()) errors.name = 'Enter the name on the card.';
  else if (form.name.trim().length > 100) errors.name = 'The name can be at most 100 characters.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, outcome: number === TEST_CARDS.paid ? 'paid' : 'declined', last4: number.slice(-4) };
}
