/** What the load test measures per operation, and how it is printed. Pure: no I/O. */

/** The value below which `p` percent of the sorted samples lie (nearest rank); NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

/** A read asks nothing to change (GET); a write does (POST). Each has its own p99 target. */
export type OperationKind = 'read' | 'write';

export interface OperationSummary {
  name: string;
  kind: OperationKind;
  count: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** The latencies and failures of each operation of a run, as its users record them. */
export class Recorder {
  #ops = new Map<string, { kind: OperationKind; ms: number[]; errors: number }>();
  /** The first few failures, word for word, to print. */
  readonly failures: string[] = [];

  #op(name: string, kind: OperationKind) {
    let op = this.#ops.get(name);
    if (!op) {
      op = { kind, ms: [], errors: 0 };
      this.#ops.set(name, op);
    }
    return op;
  }

  ok(name: string, kind: OperationKind, ms: number): void {
    this.#op(name, kind).ms.push(ms);
  }

  fail(name: string, kind: OperationKind, ms: number, why: string): void {
    const op = this.#op(name, kind);
    op.ms.push(ms);
    op.errors++;
    if (this.failures.length < 20) this.failures.push(`${name}: ${why}`);
  }

  /** An answer of the right status that says the wrong thing (a payment not paid, say): an error of its operation. */
  wrong(name: string, why: string): void {
    this.#op(name, 'read').errors++;
    if (this.failures.length < 20) this.failures.push(`${name}: ${why}`);
  }

  get errors(): number {
    let errors = 0;
    for (const op of this.#ops.values()) errors += op.errors;
    return errors;
  }

  summary(seconds: number): OperationSummary[] {
    return [...this.#ops]
      .map(([name, op]) => {
        const sorted = [...op.ms].sort((a, b) => a - b);
        return {
          name,
          kind: op.kind,
          count: sorted.length,
          errors: op.errors,
          perSecond: seconds > 0 ? sorted.length / seconds : 0,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
        };
      })
      .sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'read' ? -1 : 1));
  }
}

/** The p99 targets: reads under 100 ms, writes under 250 ms. */
export const P99_TARGET_MS: Record<OperationKind, number> = { read: 100, write: 250 };

/** The operations whose p99 is at or above their kind's target. */
export function slowOperations(summaries: readonly OperationSummary[]): OperationSummary[] {
  return summaries.filter((s) => !(s.p99 < P99_TARGET_MS[s.kind]));
}

/** The table printed at the end: one line per operation, reads first. */
export function formatOperations(summaries: readonly OperationSummary[]): string {
  const header = ['operation', 'kind', 'count', 'req/s', 'p50 ms', 'p99 ms', 'errors'];
  const rows = summaries.map((s) => [
    s.name,
    s.kind,
    String(s.count),
    s.perSecond.toFixed(1),
    s.count ? s.p50.toFixed(1) : '-',
    s.count ? `${s.p99.toFixed(1)}${s.p99 < P99_TARGET_MS[s.kind] ? '' : ' !'}` : '- !',
    String(s.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}
