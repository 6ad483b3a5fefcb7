import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test-support/render.tsx';
import { OrderSummaryModal } from './order-summary-modal.tsx';

const open = (invoiceIssued: boolean) =>
  renderScreen(<OrderSummaryModal opened onClose={() => undefined} orderKey="k1" invoiceIssued={invoiceIssued} />);

describe('Download Order Summary', () => {
  it('offers the invoice as issued, with no date to choose, once it has been issued', async () => {
    open(true);
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: 'Invoice' })).checked).toBe(true);
    expect(screen.queryByLabelText(/^Date/)).toBeNull();
    expect(screen.getByText(/The invoice as we issued it, with its own date/)).toBeTruthy();
  });

  it('offers only a quote, dated as the school chooses, before the invoice is issued, and says how it comes', async () => {
    open(false);
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: 'Invoice' })).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Quote' }).checked).toBe(true);
    expect(screen.getByText(/No invoice yet: we issue it when the order is placed to be invoiced now/)).toBeTruthy();
    expect(screen.getByLabelText(/^Date/)).toBeTruthy();
  });

  it('asks for the quote’s date once the school turns from the invoice to a quote', async () => {
    open(true);
    await userEvent.click(await screen.findByRole('radio', { name: 'Quote' }));
    expect(screen.getByLabelText(/^Date/)).toBeTruthy();
  });
});
