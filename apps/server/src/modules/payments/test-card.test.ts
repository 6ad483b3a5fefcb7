import { describe, expect, it } from 'vitest';
import { checkTestCard } from './test-card.ts';

const today = new Date('2026-11-23T12:00:00Z');
const good = { card_number: '4242 4242 4242 4242', expiry: '12/28', cvc: '123', name: 'Dana Whitfield' };

describe('checkTestCard', () => {
  it('pays with 4242 4242 4242 4242 and declines 4000 0000 0000 0002, spaces or not', () => {
    expect(checkTestCard(good, today)).toEqual({ ok: true, outcome: 'paid', last4: '4242' });
    expect(checkTestCard({ ...good, card_number: '4242424242424242' }, today)).toMatchObject({ outcome: 'paid' });
    expect(checkTestCard({ ...good, card_number: '4000 0000 0000 0002' }, today)).toEqual({
      ok: true,
      outcome: 'declined',
      last4: '0002',
    });
  });

  it('takes any future expiry, this month included, and a CVC of 3 or 4 digits', () => {
    expect(checkTestCard({ ...good, expiry: '11/26' }, today).ok).toBe(true);
    expect(checkTestCard({ ...good, expiry: '1/27', cvc: '1234' }, today).ok).toBe(true);
    expect(checkTestCard({ ...good, expiry: ' 03 / 31 ' }, today).ok).toBe(true);
  });

  it('names each field that is wrong', () => {
    expect(checkTestCard({ card_number: '4111 1111 1111 1111', expiry: '10/26', cvc: '12', name: '' }, today)).toEqual({
      ok: false,
      errors: {
        card_number: 'Use a test card: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.',
        expiry: 'This card has expired. Enter a date in the future.',
        cvc: 'The CVC is the 3 or 4 digits on the card.',
        name: 'Enter the name on the card.',
      },
    });
    expect(checkTestCard({ card_number: '', expiry: '', cvc: '', name: ' ' }, today)).toEqual({
      ok: false,
      errors: {
        card_number: 'Enter the card number.',
        expiry: 'Enter the expiry date as MM/YY.',
        cvc: 'Enter the CVC.',
        name: 'Enter the name on the card.',
      },
    });
    for (const expiry of ['13/27', '00/27', '2027-01', '12/2027']) {
      expect(checkTestCard({ ...good, expiry }, today)).toMatchObject({
        ok: false,
        errors: { expiry: 'Enter the expiry date as MM/YY, for example 12/30.' },
      });
    }
  });
});
