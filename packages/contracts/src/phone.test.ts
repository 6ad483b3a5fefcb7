import { describe, expect, it } from 'vitest';
import { optionalPhone, phoneField } from './fields.ts';
import { MSG } from './messages.ts';
import { formatPhone, phoneDigits } from './phone.ts';

const ACCEPTED = [
  '8135550142',
  '813-555-0142',
  '813.555.0142',
  '813 555 0142',
  '(813) 555-0142',
  '(813)555-0142',
  '+1 (813) 555-0142',
  '+18135550142',
  '1-813-555-0142',
  '1 813 555 0142',
  '18135550142',
  '  813 555 0142  ',
  // As pasted from a contact card or a web page: no-break spaces, typographic dashes, direction marks.
  '(813)\u00a0555\u20110142',
  '813\u2013555\u20130142',
  '\u202a(813) 555-0142\u202c',
  '\u200e+1\u00a0(813)\u00a0555\u20110142',
  '\ufeff813 555 0142',
];

const REFUSED = [
  '12345',
  '813555014',
  '81355501423',
  '28135550142',
  '+2 813 555 0142',
  '+8135550142',
  '813-555-01ab',
  '813/555/0142',
  '813-555-0142 x12',
  'phone',
  '1+8135550142',
];

describe('the phone rule', () => {
  it.each(ACCEPTED)('accepts %j and keeps its 10 digits', (typed) => {
    expect(phoneDigits(typed)).toBe('8135550142');
    expect(phoneField().parse(typed)).toBe('8135550142');
    expect(optionalPhone().parse(typed)).toBe('8135550142');
    expect(formatPhone(typed)).toBe('(813) 555-0142');
  });

  it.each(REFUSED)('refuses %j: Enter a 10-digit phone number', (typed) => {
    expect(phoneDigits(typed)).toBeNull();
    expect(
      phoneField()
        .safeParse(typed)
        .error?.issues.map((i) => i.message),
    ).toEqual([MSG.invalidPhone]);
    expect(
      optionalPhone()
        .safeParse(typed)
        .error?.issues.map((i) => i.message),
    ).toEqual([MSG.invalidPhone]);
    expect(formatPhone(typed)).toBe(typed);
  });

  it('asks for a missing number with the field’s own message', () => {
    for (const empty of ['', '   ', undefined, null]) {
      expect(phoneField().safeParse(empty).error?.issues[0]?.message).toBe(MSG.phoneRequired);
      expect(phoneField(MSG.primaryPhoneRequired).safeParse(empty).error?.issues[0]?.message).toBe(
        MSG.primaryPhoneRequired,
      );
    }
  });

  it('lets an optional number be left blank', () => {
    expect(optionalPhone().parse('')).toBe('');
    expect(optionalPhone().parse(undefined)).toBe('');
  });
});
