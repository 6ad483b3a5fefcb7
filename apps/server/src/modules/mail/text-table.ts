import type { MailTable } from './layout.ts';

/** Past this many characters a first cell gets a line of its own, so that lines stay short enough to read. */
const FIRST_MAX = 32;
const GAP = '  ';

/**
 * A table in a plain-text part: columns aligned with spaces (figures to the right), a rule
 * under the heading, the totals' labels ending where the last column starts.
 */
export function textTable({ head, rows, totals = [] }: MailTable): string {
  const all = [head, ...rows];
  const widths = head.map((_, i) =>
    Math.max(...all.map((r) => (i === 0 ? Math.min(FIRST_MAX, (r[0] ?? '').length) : (r[i] ?? '').length))),
  );
  const lastWidth = Math.max(widths.at(-1) ?? 0, ...totals.map(([, v]) => v.length));
  widths[widths.length - 1] = lastWidth;
  const figures = (r: string[]) => widths.slice(1).map((w, i) => (r[i + 1] ?? '').padStart(w));
  const line = (r: string[]) => {
    const first = r[0] ?? '';
    if (first.length > (widths[0] ?? 0)) {
      return `${first}\n${[' '.repeat(widths[0] ?? 0), ...figures(r)].join(GAP)}`;
    }
    return [first.padEnd(widths[0] ?? 0), ...figures(r)].join(GAP).trimEnd();
  };
  const full = widths.reduce((sum, w) => sum + w, 0) + GAP.length * (widths.length - 1);
  const labelWidth = full - lastWidth - GAP.length;
  return [
    line(head),
    '-'.repeat(full),
    ...rows.map(line),
    ...(totals.length ? ['-'.repeat(full)] : []),
    ...totals.map(([label, value]) => `${label.padStart(labelWidth)}${GAP}${value.padStart(lastWidth)}`),
  ].join('\n');
}
