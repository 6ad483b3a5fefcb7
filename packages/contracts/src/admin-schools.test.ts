import { describe, expect, it } from 'vitest';
import { certificateFlagged, certificateState } from './admin-schools.ts';

describe('certificateState', () => {
  it('reads expired after its day, expiring within 30 days, valid beyond, and says when there is no date or none', () => {
    const today = '2026-11-26';
    expect(certificateState('2026-11-25', today)).toBe('expired');
    expect(certificateState('2026-11-26', today)).toBe('expiring');
    expect(certificateState('2026-12-26', today)).toBe('expiring');
    expect(certificateState('2026-12-27', today)).toBe('valid');
    expect(certificateState('2027-03-01', '2027-01-30')).toBe('expiring');
    expect(certificateState(null, today)).toBe('no-date');
    expect(certificateState(undefined, today)).toBe('none');
    expect(['expired', 'expiring', 'valid', 'no-date', 'none'].map((s) => certificateFlagged(s as never))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
