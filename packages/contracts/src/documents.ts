import type { OrderItem } from './order-items.ts';

/**
 * What the documents of an order say, as data: an invoice, a credit note or a quote is
 * drawn from an `OrderDocument` alone, and an issued one is kept as one (invoices.content),
 * so that what was sent can be drawn again as it was. The server's `invoices/` issues them,
 * its `documents/` draws them; the order's records only hold them.
 */

/** One priced line of an order, as the form and the invoice show it (D10). */
export interface PriceRow {
  name: string;
  qty: number;
  /** Cents; null where the price is 'TBA'. */
  unit_price: number | null;
  amount: number | null;
}

/** Who issues the documents, from the site settings. */
export interface Provider {
  name: string;
  address: string;
  email: string;
  phone: string;
}

/** A payment received, as a document lists it. */
export interface ReceivedPayment {
  /** YYYY-MM-DD, the day the gateway confirmed it. */
  date: string;
  reference: string;
  amountCents: number;
}

/** How a school is addressed on its orders: its name, its postal lines and its account's e-mail. */
export interface SchoolContact {
  name: string;
  /** The street, then "City, ST 12345"; either left out when unknown. */
  lines: string[];
  email: string;
}

/**
 * What an invoice, a credit note or a quote of an order says (the PDF is drawn from this
 * alone). A numbered one is stored as it was issued (invoices.content) and drawn from the
 * stored copy ever after.
 */
export interface OrderDocument {
  kind: 'invoice' | 'quote' | 'credit-note';
  /** The invoice's or credit note's number ('INV-000012', 'CN-000013'); a quote has none. */
  number?: string;
  /**
   * The first invoice's number, on an invoice of a later increase or a credit note: its
   * rows, tax and total are then the change since what was invoiced (a decrease negative).
   */
  adjusts?: string;
  orderId: number;
  /**
   * The school's purchase order number, when it gave one: printed on every invoice, credit
   * note and quote, as a district's accounts payable matches them by it.
   */
  purchaseOrder?: string;
  /** YYYY-MM-DD: the issue date, and the due date (invoice) or the date the quote is valid to. */
  issued: string;
  until: string;
  provider: Provider;
  school: SchoolContact;
  items: OrderItem[];
  rows: PriceRow[];
  taxCents: number;
  hasTax: boolean;
  /** The school said it is exempt from sales tax. */
  taxExempt: boolean;
  totalCents: number;
  payment: { method: string; status: string };
  /** The payments received, oldest first (an invoice lists them; a quote does not). */
  payments: ReceivedPayment[];
  /** What is left to pay: none once the order is paid. */
  balanceCents: number;
}

/** What the order owed once a document was issued: the next difference is reckoned from it. */
export interface InvoicedBasis {
  rows: PriceRow[];
  taxCents: number;
  totalCents: number;
}

/** An invoice or credit note as stored (invoices.content): what its PDF draws, and what it left invoiced. */
export type StoredInvoice = OrderDocument & { basis?: InvoicedBasis };

/** How a payment came, in the words a school and staff read: a card, a check or transfer staff recorded, or a credit. */
export function paymentMethodLabel(gateway: string): string {
  if (gateway === 'credit') return 'Credit from another order';
  if (gateway === 'offline') return 'Check or transfer';
  return 'Card';
}

/** One line of an order's statement: a document issued, a payment received or money given back. */
export interface StatementLine {
  /** YYYY-MM-DD */
  date: string;
  /** "Invoice INV-000012", "Payment 41 (card)", "Refund of payment 41". */
  what: string;
  /** What it added to what is owed (an invoice, a refund), in cents; 0 when none. */
  charge: number;
  /** What it took off (a credit note, a payment), in cents; 0 when none. */
  credit: number;
  /** What is owed after it; below 0, the school's credit. */
  balance: number;
}

/**
 * An order's statement of account on a day: every invoice, credit note, payment and refund
 * in the order they happened, with the running balance, and what the order still costs
 * beyond what was invoiced, so that invoiced − credited − received + refunded is the balance.
 */
export interface OrderStatement {
  orderId: number;
  /** YYYY-MM-DD, the day it was drawn. */
  date: string;
  provider: Provider;
  school: SchoolContact;
  purchaseOrder?: string;
  lines: StatementLine[];
  /** The balance of what was invoiced: the last line's balance (0 without lines). */
  invoicedBalanceCents: number;
  /** What the order's total is beyond what was invoiced (an increase not yet invoiced; below 0, not yet credited). */
  notInvoicedCents: number;
  /** The order's balance: its total less what it holds (accountBalance); below 0, the school's credit. */
  balanceCents: number;
}

/** A receipt for one payment an order received. */
export interface PaymentReceipt {
  /** The payment's number, as the statement and the invoices list it. */
  number: number;
  orderId: number;
  /** YYYY-MM-DD, the day it was confirmed. */
  date: string;
  provider: Provider;
  school: SchoolContact;
  purchaseOrder?: string;
  amountCents: number;
  method: string;
  /** What of it was given back since, in cents. */
  refundedCents: number;
  /** The order's balance on the day the receipt is drawn (below 0, the school's credit). */
  balanceCents: number;
  /** YYYY-MM-DD the receipt is drawn on. */
  drawn: string;
}
