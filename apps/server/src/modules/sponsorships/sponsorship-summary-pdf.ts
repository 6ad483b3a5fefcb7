import { formatMoney as money } from '@portal/contracts/money';
import {
  type Column,
  drawHeading,
  drawHeads,
  drawPaymentsReceived,
  drawRow,
  drawRule,
  drawTotals,
  keepRoom,
  longDate,
  MUTED,
  type Provider,
  type ReceivedPayment,
  rowHeight,
  startDocument,
} from '../documents/pdf-drawing.ts';
import type { SponsorContact } from '../sponsors/sponsor-contact.ts';
import { SUMMARY_TEXT as T } from './sponsorship-summary-text.ts';

/** One sponsored item as the summary lists it (money in cents). */
export interface SummaryItem {
  type: string;
  county: string;
  bookName: string;
  schoolName: string;
  adSize: string;
  qty: number;
  rateCents: number;
  artwork: string;
  artworkPriceCents: number;
  totalCents: number;
  comments: string;
}

/** What a sponsorship's summary says (the PDF is drawn from this alone). */
export interface SponsorshipSummary {
  sponsorshipId: number;
  /** "2026-2027". */
  schoolYear: string;
  status: string;
  /** YYYY-MM-DD. */
  issued: string;
  provider: Provider;
  sponsor: SponsorContact;
  items: SummaryItem[];
  totalCents: number;
  /** The confirmed payments, oldest first. */
  payments: ReceivedPayment[];
  paidCents: number;
  balanceCents: number;
}

const SIZE = 8;
const GAP = 4;
/** The items' columns, in points across the page's 504: wide enough for their words, which wrap. */
const ITEM_WIDTHS: [number, Column['align']][] = [
  [52, 'left'],
  [54, 'left'],
  [50, 'left'],
  [70, 'left'],
  [38, 'left'],
  [26, 'right'],
  [44, 'right'],
  [40, 'left'],
  [40, 'right'],
  [54, 'right'],
];

function itemColumns(left: number): Column[] {
  let x = left;
  return ITEM_WIDTHS.map(([w, align]) => {
    const column = { x, w, align };
    x += w + GAP;
    return column;
  });
}

/**
 * Draws the summary as a Letter-size PDF: the provider, the sponsorship's facts, the
 * sponsor, its items (each with its comments beneath), the total, the payments received and
 * the balance. Long words wrap in their column, and rows flow onto further pages under the
 * column heads again. The same sponsorship and date give the same bytes.
 */
export async function renderSponsorshipSummary(doc: SponsorshipSummary): Promise<Buffer> {
  const s = doc.sponsor;
  const { pdf, done, left, width } = await startDocument({
    info: T.info(doc.sponsorshipId),
    provider: doc.provider,
    issued: doc.issued,
    title: T.title,
    facts: [
      [T.sponsorship, `#${doc.sponsorshipId}`],
      [T.schoolYear, doc.schoolYear],
      [T.status, doc.status],
      [T.issueDate, longDate(doc.issued)],
    ],
    party: {
      heading: T.sponsor,
      name: s.company || s.contactName || s.email,
      lines: [s.company ? s.contactName : '', s.email, s.phone, ...s.address],
    },
  });

  drawHeading(pdf, T.items, 1.2);
  pdf.moveDown(0.3);
  const columns = itemColumns(left);
  const heads = () => drawHeads(pdf, columns, T.itemColumns, { size: SIZE });
  heads();
  const comment: Column[] = [{ x: left + 8, w: width - 8, align: 'left' }];
  const commentStyle = { size: SIZE, color: MUTED };
  for (const item of doc.items) {
    const cells = [
      item.type,
      item.county,
      item.bookName,
      item.schoolName,
      item.adSize,
      item.qty.toLocaleString('en-US'),
      money(item.rateCents),
      item.artwork,
      money(item.artworkPriceCents),
      money(item.totalCents),
    ];
    const note = item.comments ? [T.comments(item.comments)] : [];
    // An item and its comments stay on one page.
    const height =
      rowHeight(pdf, columns, cells, { size: SIZE }) +
      (note.length ? rowHeight(pdf, comment, note, commentStyle) + 4 : 0);
    keepRoom(pdf, height + 4, heads);
    drawRow(pdf, columns, cells, { size: SIZE, onNewPage: heads });
    if (note.length) drawRow(pdf, comment, note, { ...commentStyle, onNewPage: heads });
  }
  if (!doc.items.length) drawRow(pdf, comment, [T.noItems], commentStyle);
  drawRule(pdf);
  // Ends where the items' totals end, wide enough for a total in the larger type.
  const totals: Column[] = [
    { x: left, w: width - 110, align: 'left' },
    { x: left + width - 100, w: 100, align: 'right' },
  ];
  drawTotals(pdf, totals, [{ label: T.total, value: money(doc.totalCents), bold: true }]);

  if (doc.payments.length) {
    drawPaymentsReceived(pdf, doc.payments, { heading: T.paymentsReceived, columns: T.paymentColumns, money });
  } else {
    drawHeading(pdf, T.paymentsReceived, 1);
    pdf.moveDown(0.3);
    drawRow(pdf, comment, [T.noPayments]);
  }
  pdf.moveDown(1);
  // What was paid and what is left are read together.
  keepRoom(pdf, 50);
  drawRule(pdf);
  drawTotals(pdf, totals, [
    { label: T.amountPaid, value: money(doc.paidCents) },
    { label: T.balanceDue, value: doc.balanceCents > 0 ? money(doc.balanceCents) : T.paidInFull, bold: true },
  ]);

  pdf.moveDown(1);
  pdf.font('Helvetica').fillColor(MUTED).fontSize(9).text(T.questions(doc.provider.email, doc.provider.phone), left);
  pdf.end();
  return done;
}
