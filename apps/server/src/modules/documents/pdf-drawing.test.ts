import { describe, expect, it } from 'vitest';
import { pageCount, pdfStreams } from '../../../test/helpers/pdf-text.ts';
import { type Column, drawHeads, drawRow, startPdf } from './pdf-drawing.ts';

const HEADS = ['Item', 'Qty', 'Amount'] as const;

/** A table of `n` rows, every fifth with a name long enough to wrap over several lines. */
async function table(n: number) {
  const { pdf, done, left, width } = await startPdf({ title: 'Rows', author: 'Test', issued: '2026-11-24' });
  const columns: Column[] = [
    { x: left, w: width - 170, align: 'left' },
    { x: left + width - 160, w: 50, align: 'right' },
    { x: left + width - 100, w: 100, align: 'right' },
  ];
  const heads = () => drawHeads(pdf, columns, HEADS);
  heads();
  for (let i = 1; i <= n; i++) {
    const name = i % 5 === 0 ? `Row ${i} ${'with a name that goes on and on '.repeat(6)}` : `Row ${i}`;
    drawRow(pdf, columns, [name, String(i), `A-${i}`], { onNewPage: heads });
  }
  pdf.end();
  return done;
}

describe('drawRow', () => {
  it('flows a long table onto further pages, each row whole on one page under the heads again', async () => {
    const pdf = await table(80);
    const pages = pdfStreams(pdf);
    expect(pageCount(pdf)).toBe(pages.length);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.length).toBeLessThan(6);
    for (const page of pages) expect(page.slice(0, 3)).toEqual([...HEADS]);
    for (let i = 1; i <= 80; i++) {
      // A row's first line, its quantity and its amount are on the same page, once.
      const on = pages.filter((page) => page.some((s) => s.startsWith(`Row ${i} `) || s === `Row ${i}`));
      expect(on, `row ${i}`).toHaveLength(1);
      expect(on[0]).toContain(`A-${i}`);
    }
  });

  it('draws a short table on one page', async () => {
    expect(pageCount(await table(5))).toBe(1);
  });
});
