import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test-support/render.tsx';
import { SponsorshipTransactions } from './sponsorship-transactions.tsx';

const row = (over: Partial<Parameters<typeof SponsorshipTransactions>[0]['transactions'][number]>) => ({
  payment_date: '2026-11-30T15:00:00.000Z',
  payment_status: 1 as const,
  kind: 'payment' as const,
  transaction_id: 'Check 4410',
  amount: 50_000,
  amount_html: '$500.00',
  ...over,
});

describe('a sponsorship’s transactions', () => {
  it('names a payment confirmed, one failed and a refund each as what it is', () => {
    renderScreen(
      <SponsorshipTransactions
        transactions={[
          row({}),
          row({ payment_status: 0, transaction_id: 'cs_failed', amount_html: '$50.00' }),
          row({ kind: 'refund', transaction_id: 'Check 7001', amount: -12_000, amount_html: '-$120.00' }),
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Transactions' })).getAllByRole('listitem');
    expect(
      items.map((item) => [
        within(item).getByText(/Confirmed|Failed|Refunded/).textContent,
        item.textContent?.includes('$'),
      ]),
    ).toEqual([
      ['Confirmed', true],
      ['Failed', true],
      ['Refunded', true],
    ]);
    expect(within(items[2] as HTMLElement).getByText('-$120.00')).toBeTruthy();
  });
});
