const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as people read them: 123450 → "$1,234.50". */
export function formatMoney(cents: number): string {
  return dollars.format(cents / 100);
}

/** A catalogue price: free sponsored items read "Free". */
export function formatPrice(cents: number): string {
  return cents === 0 ? 'Free' : formatMoney(cents);
}

/** Cents on the wire (spec: decimal dollar strings): 450 → "4.50", 123450 → "1234.50". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A decimal dollar string from the wire as people read it: "4.50" → "$4.50", "4160.00" → "$4,160.00"; "TBA" or a blank stays as it is. */
export function formatDecimalDollars(value: string): string {
  return /^-?\d+(\.\d+)?$/.test(value) ? dollars.format(Number(value)) : value;
}

/** A tax rate in basis points as people read it: 750 → "7.5%", 700 → "7%". */
export function formatTaxRate(basisPoints: number): string {
  return `${(basisPoints / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}

/**
 * The most one order or one sponsorship may cost before tax: $5,000,000.00, many times a
 * whole county's year of planners. Money is kept in 32-bit integer cents (up to
 * $21,474,836.47 in one column); this bound leaves room for tax (at most 25%) and for a total
 * paid more than once, and sums over many records are added as bigint.
 */
export const MONEY_MAX_CENTS = 500_000_000;
