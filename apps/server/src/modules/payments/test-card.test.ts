import { describe, expect, it } from 'vitest';
import { checkTestCard, parseExpiry } from './test-card.ts';

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
    for (const expiry of ['2027-01', '12/27/01', '1/2', '129', '12/', 'Dec 29', '12/1999']) {
      expect(checkTestCard({ ...good, expiry }, today)).toMatchObject({
        ok: false,
        errors: { expiry: 'Enter the expiry date as MM/YY, for example 12/30.' },
      });
    }
    for (const expiry of ['13/27', '00/27', '1327']) {
      expect(checkTestCard({ ...good, expiry }, today)).toMatchObject({
        ok: false,
        errors: { expiry: 'The month must be from 01 to 12, as in 12/30.' },
      });
    }
  });
});

describe('parseExpiry', () => {
  it('reads the ways payers type an expiry: with a slash, spaces, a four-digit year, or digits alone', () => {
    for (const typed of ['12/29', '12 / 29', '12/2029', '1229', '122029', ' 12-29 ', '12 29']) {
      expect(parseExpiry(typed), typed).toEqual({ ok: true, month: 12, year: 2029 });
    }
    expect(parseExpiry('3/31')).toEqual({ ok: true, month: 3, year: 2031 });
    expect(parseExpiry('0331')).toEqual({ ok: true, month: 3, year: 2031 });
  });

  it('refuses what is not a month and a year, each with a message saying how to write it', () => {
    expect(parseExpiry('')).toEqual({ ok: false, error: 'Enter the expiry date as MM/YY.' });
    expect(parseExpiry('12/3')).toEqual({ ok: false, error: 'Enter the expiry date as MM/YY, for example 12/30.' });
    expect(parseExpiry('1329')).toEqual({ ok: false, error: 'The month must be from 01 to 12, as in 12/30.' });
    expect(parseExpiry('12/2129')).toEqual({ ok: false, error: 'Enter the expiry date as MM/YY, for example 12/30.' });
  });

  it('takes 1229 as a card good through December 2029', () => {
    const today = new Date('2029-12-31T23:00:00Z');
    expect(checkTestCard({ ...good, expiry: '1229' }, today)).toMatchObject({ ok: true, outcome: 'paid' });
    expect(checkTestCard({ ...good, expiry: '1229' }, new Date('2030-01-01T00:00:00Z'))).toMatchObject({ ok: false });
  });
});
