import type { LoadResult } from './load.ts';

export type ServerKind = 'app' | 'bare';

/** One measured run against one server. */
export interface Run {
  target: string;
  server: ServerKind;
  round: number;
  load: LoadResult;
  /** Server CPU time (all its threads) per answered request, in microseconds. */
  cpuUsPerRequest: number;
  /** Server CPU time over wall time during the run: 1 is one core kept busy. */
  cpuShare: number;
}

export interface TargetSummary {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  minRatio: number;
  /** The most p99 latency accepted of the app, in ms; none when not given. */
  maxP99Ms?: number;
  /** The fastest run of each server. */
  app: Run;
  bare: Run;
  /** app/bare req/s of each round, whose two runs ran back to back under the same conditions. */
  roundRatios: number[];
  /** The app run's p99 latency of each round, in ms. */
  appP99s: number[];
}

/** Below this, the server was waiting for requests: the load generator or the machine set the pace. */
const SATURATED_SHARE = 0.85;

const int = (n: number) => Math.round(n).toLocaleString('en-US');
// autocannon records latency in whole milliseconds, so 0 means under one.
const ms = (n: number) => (n < 1 ? '<1' : n.toFixed(0));
const percent = (n: number) => `${Math.round(n * 100)}%`;

/** app/bare req/s of the best run of each. */
export function bestRatioOf(summary: TargetSummary): number {
  return summary.app.load.requestsPerSecond / summary.bare.load.requestsPerSecond;
}

/** The middle value, or the mean of the two middle ones; undefined for none. */
export function median(values: number[]): number | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return undefined;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * The median of the rounds' ratios: what the target is judged on. On a shared machine one
 * server can have a lucky or unlucky run; a round compares two runs made side by side.
 */
export function ratioOf(summary: TargetSummary): number {
  return median(summary.roundRatios) ?? bestRatioOf(summary);
}

/** The median of the app runs' p99 latency over the rounds, in ms: what a latency target is judged on. */
export function p99Of(summary: TargetSummary): number {
  return median(summary.appP99s) ?? summary.app.load.p99Ms;
}

export function meetsRatio(summary: TargetSummary): boolean {
  return ratioOf(summary) >= summary.minRatio;
}

export function meetsP99(summary: TargetSummary): boolean {
  return summary.maxP99Ms === undefined || p99Of(summary) <= summary.maxP99Ms;
}

/** Both the throughput ratio and, where the target sets one, the p99 latency are within target. */
export function passes(summary: TargetSummary): boolean {
  return meetsRatio(summary) && meetsP99(summary);
}

export function formatRun(run: Run): string {
  const { load } = run;
  return [
    `  round ${run.round}`,
    run.target.padEnd(20),
    run.server.padEnd(4),
    `${int(load.requestsPerSecond).padStart(7)} req/s`,
    `p99 ${ms(load.p99Ms).padStart(4)} ms`,
    `${int(run.cpuUsPerRequest).padStart(4)} µs CPU/req`,
    `server CPU ${percent(run.cpuShare).padStart(4)}`,
    load.non2xx || load.errors ? `${load.non2xx} non-2xx, ${load.errors} errors` : '',
  ]
    .filter(Boolean)
    .join('  ');
}

export function formatTable(summaries: TargetSummary[]): string {
  const widths = [34, 9, 8, 8, 14, 12, 12];
  const row = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('');
  const line = '-'.repeat(widths.reduce((a, b) => a + b, 0));
  const out = [line];
  for (const s of summaries) {
    out.push(row([`${s.method} ${s.path}`, 'req/s', 'p50 ms', 'p99 ms', 'bytes/answer', 'CPU µs/req', 'server CPU']));
    for (const [label, run] of [
      ['  app  (production server)', s.app],
      ['  bare (Fastify, one route)', s.bare],
    ] as const) {
      out.push(
        row([
          label,
          int(run.load.requestsPerSecond),
          ms(run.load.p50Ms),
          ms(run.load.p99Ms),
          int(run.load.bytesPerResponse),
          int(run.cpuUsPerRequest),
          percent(run.cpuShare),
        ]),
      );
    }
    out.push(
      `  app/bare req/s, median of rounds ${ratioOf(s).toFixed(2)}   target >= ${s.minRatio.toFixed(2)}   ${meetsRatio(s) ? 'PASS' : 'BELOW'}`,
      `  (each round: ${s.roundRatios.map((r) => r.toFixed(2)).join(', ')}; best run of each: ${bestRatioOf(s).toFixed(2)})`,
      `  (CPU per request, bare/app: ${(s.bare.cpuUsPerRequest / s.app.cpuUsPerRequest).toFixed(2)})`,
    );
    if (s.maxP99Ms !== undefined) {
      out.push(
        `  p99 ${ms(p99Of(s))} ms   target <= ${s.maxP99Ms}   ${meetsP99(s) ? 'PASS' : 'ABOVE'}`,
        `  (the app's p99 at ${s.connections} connections, median of rounds; each round: ${s.appP99s.map(ms).join(', ')} ms)`,
      );
    }
    if (s.bare.cpuShare < SATURATED_SHARE) {
      out.push(
        `  Note: the bare server used only ${percent(s.bare.cpuShare)} of a core: the load generator or other work on`,
        '  the machine limited it, so its req/s is a floor and the ratio above is flattering to the app.',
      );
    }
    out.push(line);
  }
  return out.join('\n');
}
