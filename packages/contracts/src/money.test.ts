import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatDecimalDollars, formatMoney } from './money.ts';

describe('money as people read it', () => {
  it('groups thousands and keeps two decimals, from cents or from the wire', () => {
    expect(formatMoney(416000)).toBe('$4,160.00');
    expect(formatDecimalDollars('4160.00')).toBe('$4,160.00');
    expect(formatDecimalDollars('4.5')).toBe('$4.50');
    expect(formatDecimalDollars('0.00')).toBe('$0.00');
    expect(formatDecimalDollars(centsToDecimal(123456789))).toBe('$1,234,567.89');
  });

  it('leaves what is not an amount as it is', () => {
    expect(formatDecimalDollars('TBA')).toBe('TBA');
    expect(formatDecimalDollars('')).toBe('');
  });
});
