const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as people read them: 123450 → "$1,234.50". */
export function formatMoney(cents: number): string {
  return dollars.format(cents / 100);
}

/** A catalogue price: free sponsored items read "Free". */
export function formatPrice(cents: number): string {
  return cents === 0 ? 'Free' : formatMoney(cents);
}
