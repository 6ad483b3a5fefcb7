import { inflateSync } from 'node:zlib';

/** The strings a content stream shows: each `[<hex> kerning <hex> …] TJ` or `<hex> Tj`, its pieces joined. */
function shownStrings(content: string): string[] {
  const operators = /\[((?:\s*(?:<[0-9A-Fa-f\s]*>|-?[\d.]+))*)\s*\]\s*TJ|(<[0-9A-Fa-f\s]*>)\s*Tj/g;
  return [...content.matchAll(operators)].map((m) =>
    [...(m[1] ?? m[2] ?? '').matchAll(/<([0-9A-Fa-f\s]*)>/g)]
      .map((h) => Buffer.from((h[1] ?? '').replace(/\s/g, ''), 'hex').toString('latin1'))
      .join(''),
  );
}

/**
 * The text of a PDF, one string per text operator, from each stream, inflated when
 * FlateDecode. A stream is read by the length its dictionary gives: compressed bytes may
 * themselves end in a line break, or hold the letters of `endstream`.
 */
export function pdfText(pdf: Buffer): string[] {
  return pdfStreams(pdf).flat();
}

/** The text of each stream that shows any: PDFKit writes one content stream a page, in page order. */
export function pdfStreams(pdf: Buffer): string[][] {
  const raw = pdf.toString('latin1');
  const streams: string[][] = [];
  for (const m of raw.matchAll(/<<((?:(?!>>)[\s\S])*)>>\s*stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const length = /\/Length (\d+)(?!\s+\d+\s+R)/.exec(m[1] ?? '');
    if (!length) throw new Error('a PDF stream without a direct /Length');
    const data = pdf.subarray(start, start + Number(length?.[1]));
    const content = m[1]?.includes('/FlateDecode') ? inflateSync(data) : data;
    const strings = shownStrings(content.toString('latin1'));
    if (strings.length) streams.push(strings);
  }
  return streams;
}

/** How many pages a PDF has: its page objects (`/Type /Page`, not the `/Pages` tree). */
export const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![A-Za-z])/g) ?? []).length;
