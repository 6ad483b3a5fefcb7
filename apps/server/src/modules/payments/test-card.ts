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

/** Reads MM/YY; the card is good through the last day of that month. */
function expiryError(value: string, today: Date): string | undefined {
  if (!value) return 'Enter the expiry date as MM/YY.';
  const match = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(value);
  const month = Number(match?.[1]);
  if (!match || month < 1 || month > 12) return 'Enter the expiry date as MM/YY, for example 12/30.';
  const year = 2000 + Number(match[2]);
  const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth) return 'This card has expired. Enter a date in the future.';
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
  const expiry = expiryError(form.expiry.trim(), today);
  if (expiry) errors.expiry = expiry;
  if (!form.cvc.trim()) errors.cvc = 'Enter the CVC.';
  else if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = 'The CVC is the 3 or 4 digits on the card.';
  if (!form.name.trim()) errors.name = 'Enter the name on the card.';
  else if (form.name.trim().length > 100) errors.name = 'The name can be at most 100 characters.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, outcome: number === TEST_CARDS.paid ? 'paid' : 'declined', last4: number.slice(-4) };
}
