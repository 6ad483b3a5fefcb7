import { describe, expect, it } from 'vitest';
import { isSponsorshipPayable, itemsEditable, leftToPay, paidStatus } from './sponsorship-rules.ts';

describe('sponsorship rules', () => {
  it('leaves what is not yet paid to pay, never below nothing', () => {
    expect(leftToPay({ total_cents: 500_00, paid_cents: 120_00 })).toBe(380_00);
    expect(leftToPay({ total_cents: 500_00, paid_cents: 500_00 })).toBe(0);
    expect(leftToPay({ total_cents: 300_00, paid_cents: 500_00 })).toBe(0);
  });

  it('says Approved with nothing paid, Partial while part is, Completed once all of it is', () => {
    expect(paidStatus(0, 500_00)).toBe('Approved');
    expect(paidStatus(1, 500_00)).toBe('Partial');
    expect(paidStatus(499_99, 500_00)).toBe('Partial');
    expect(paidStatus(500_00, 500_00)).toBe('Completed');
  });

  it('is payable in a payable status with something left, and editable only before any money', () => {
    expect(isSponsorshipPayable({ status: 'Partial', total_cents: 500_00, paid_cents: 100_00 })).toBe(true);
    expect(isSponsorshipPayable({ status: 'Completed', total_cents: 500_00, paid_cents: 500_00 })).toBe(false);
    expect(isSponsorshipPayable({ status: 'Approved', total_cents: 0, paid_cents: 0 })).toBe(false);
    expect(itemsEditable({ status: 'Approved', paid_cents: 0 }, 0)).toBe(true);
    expect(itemsEditable({ status: 'Approved', paid_cents: 0 }, 25_00)).toBe(false);
    expect(itemsEditable({ status: 'Partial', paid_cents: 10_00 }, 0)).toBe(false);
  });
});
