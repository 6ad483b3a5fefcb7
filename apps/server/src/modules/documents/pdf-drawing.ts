import type { Provider, ReceivedPayment } from '@portal/contracts/documents';

/**
 * The pieces every PDF the portal issues is drawn from (an order's invoice or quote, a
 * sponsorship's summary): the provider's header, who the document is for, tables whose
 * rows wrap and flow onto further pages, totals and the payments received. The words are
 * the caller's; only the layout is here.
 */

type Pdf = PDFKit.PDFDocument;

import { longDate } from '../../lib/dates.ts';

export { longDate };

export const INK = '#1a1b1e';
export const MUTED = '#5c5f66';
export const RULE = '#dee2e6';
export const ACCENT = '#1864ab';

export type { Provider, ReceivedPayment };

/**
 * A Letter-size PDF and the bytes it will have been once ended. Nothing in it depends on
 * when it is drawn: its creation date is the issue date, so the same facts give the same bytes.
 */
export async function startPdf(info: { title: string; author: string; issued: string }) {
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: {
      Title: info.title,
      Author: info.author,
      Producer: info.author,
      Creator: info.author,
      CreationDate: new Date(`${info.issued}T12:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return {
    pdf,
    done,
    left: pdf.page.margins.left,
    width: pdf.page.width - pdf.page.margins.left - pdf.page.margins.right,
  };
}

/** A fact of a document's header, given only when it has a value (a PO number, an adjusted invoice). */
export const factIf = (label: string, value: string | null | undefined): [string, string][] =>
  value ? [[label, value]] : [];

/** The top of every document: who issues it and what it is, then whom it is for. */
export interface DocumentTop {
  /** The PDF's title in its properties. */
  info: string;
  provider: Provider;
  /** The day it is dated (YYYY-MM-DD): the same day gives the same bytes. */
  issued: string;
  title: string;
  facts: [string, string][];
  party: { heading: string; name: string; lines: string[] };
}

/** The school a document is for, under `heading`: its name (its e-mail when it has none), address and e-mail. */
export const schoolParty = (heading: string, school: { name: string; lines: string[]; email: string }) => ({
  heading,
  name: school.name || school.email,
  lines: [...school.lines, school.email],
});

/** Starts a document and draws its top (header and party); the caller draws the rest and ends it. */
export async function startDocument(top: DocumentTop) {
  const started = await startPdf({ title: top.info, author: top.provider.name, issued: top.issued });
  drawHeader(started.pdf, top.provider, top.title, top.facts);
  drawParty(started.pdf, top.party.heading, top.party.name, top.party.lines);
  return started;
}

/** The left edge and the width of the page's text. */
const frame = (pdf: Pdf) => ({
  left: pdf.page.margins.left,
  width: pdf.page.width - pdf.page.margins.left - pdf.page.margins.right,
});

/** Starts a new page when `height` more would not fit above the bottom margin. */
export function keepRoom(pdf: Pdf, height: number, onNewPage?: () => void) {
  if (pdf.y + height <= pdf.page.height - pdf.page.margins.bottom) return;
  pdf.addPage();
  onNewPage?.();
}

/** The provider (left) and what the document is, with its facts one a line (right). */
export function drawHeader(pdf: Pdf, provider: Provider, title: string, facts: [string, string][]) {
  const { left, width } = frame(pdf);
  const top = pdf.page.margins.top;
  pdf.fillColor(ACCENT).font('Helvetica-Bold').fontSize(18).text(provider.name, left, top);
  pdf.fillColor(MUTED).font('Helvetica').fontSize(9);
  for (const line of [provider.address, provider.email, provider.phone]) if (line) pdf.text(line);
  pdf
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(22)
    .text(title.toUpperCase(), left, top, { width, align: 'right' });
  pdf.font('Helvetica').fontSize(10);
  for (const [label, value] of facts) pdf.text(`${label}: ${value}`, { width, align: 'right' });
}

/** Who the document is for: a small heading, the name in bold, then its lines. */
export function drawParty(pdf: Pdf, heading: string, name: string, lines: string[]) {
  const { left } = frame(pdf);
  pdf.moveDown(2);
  const top = pdf.y;
  pdf.fillColor(MUTED).fontSize(9).text(heading, left, top);
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(11).text(name);
  pdf.font('Helvetica').fontSize(10);
  for (const line of lines) if (line) pdf.text(line);
}

/** A small heading in the muted color, above a section. */
export function drawHeading(pdf: Pdf, text: string, gapAbove: number) {
  pdf.moveDown(gapAbove);
  keepRoom(pdf, 40);
  pdf.font('Helvetica').fillColor(MUTED).fontSize(9).text(text, frame(pdf).left);
}

export type Column = { x: number; w: number; align: 'left' | 'right' };

export interface RowStyle {
  bold?: boolean;
  /** Points; 10 unless told. */
  size?: number;
  color?: string;
  /** Drawn at the top of each further page the table flows onto (its column heads). */
  onNewPage?: () => void;
}

/** A thin line across the page under a table's heads or above its totals. */
export function drawRule(pdf: Pdf) {
  const { left, width } = frame(pdf);
  pdf
    .moveTo(left, pdf.y)
    .lineTo(left + width, pdf.y)
    .strokeColor(RULE)
    .lineWidth(0.75)
    .stroke();
  pdf.y += 5;
}

const setStyle = (pdf: Pdf, style: RowStyle) =>
  pdf
    .font(style.bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(style.size ?? 10)
    .fillColor(style.color ?? INK);

/** How tall a row's tallest cell is once its words wrap within the column. */
export function rowHeight(pdf: Pdf, columns: Column[], cells: string[], style: RowStyle = {}): number {
  // Colors are written to the page as they are set: measuring sets only the font.
  pdf.font(style.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(style.size ?? 10);
  return Math.max(
    0,
    ...cells.map((cell, i) => {
      const column = columns[i];
      return column && cell ? pdf.heightOfString(cell, { width: column.w, align: column.align }) : 0;
    }),
  );
}

/**
 * One row of a table: each cell wraps within its column, the row as tall as its tallest
 * cell; a row that would cross the bottom margin starts the next page whole.
 */
export function drawRow(pdf: Pdf, columns: Column[], cells: string[], style: RowStyle = {}) {
  keepRoom(pdf, rowHeight(pdf, columns, cells, style), style.onNewPage);
  const y = pdf.y;
  let bottom = y;
  setStyle(pdf, style);
  cells.forEach((cell, i) => {
    const column = columns[i];
    if (!column) return;
    pdf.text(cell, column.x, y, { width: column.w, align: column.align });
    bottom = Math.max(bottom, pdf.y);
  });
  pdf.y = bottom + 4;
}

/** A table's column heads in bold over a rule; `drawHeads` again on each page it flows onto. */
export function drawHeads(pdf: Pdf, columns: Column[], heads: readonly string[], style: RowStyle = {}) {
  drawRow(pdf, columns, [...heads], { ...style, bold: true });
  drawRule(pdf);
}

/** Totals under a table: the label in the first column, the amount in the last. */
export function drawTotals(pdf: Pdf, columns: Column[], lines: { label: string; value: string; bold?: boolean }[]) {
  const blanks = Array.from({ length: Math.max(0, columns.length - 2) }, () => '');
  for (const line of lines) drawRow(pdf, columns, [line.label, ...blanks, line.value], { bold: line.bold ?? false });
}

/**
 * The payments received, oldest first (date, reference, amount), so that a balance can be
 * checked against the reader's own records.
 */
export function drawPaymentsReceived(
  pdf: Pdf,
  payments: ReceivedPayment[],
  words: { heading: string; columns: readonly string[]; money: (cents: number) => string },
) {
  const { left, width } = frame(pdf);
  pdf.moveDown(1);
  keepRoom(pdf, 60);
  pdf.font('Helvetica').fillColor(MUTED).fontSize(9).text(words.heading, left);
  pdf.moveDown(0.3);
  const columns: Column[] = [
    { x: left, w: 170, align: 'left' },
    { x: left + 180, w: width - 280, align: 'left' },
    { x: left + width - 100, w: 100, align: 'right' },
  ];
  const heads = () => drawHeads(pdf, columns, words.columns);
  heads();
  for (const p of payments) {
    drawRow(pdf, columns, [longDate(p.date), p.reference, words.money(p.amountCents)], { onNewPage: heads });
  }
}
