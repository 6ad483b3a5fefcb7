import type { Result } from 'lighthouse';
import type { Category, Preset } from './lighthouse.ts';
import { median } from './report.ts';

type Audit = Result['audits'][string];
type Metric = 'LCP' | 'TBT' | 'CLS';
type Verdict = 'PASS' | 'BELOW' | 'ABOVE';

/** Every Lighthouse run of one page in one preset. */
export interface PageRuns {
  path: string;
  preset: Preset;
  runs: Result[];
}

/** One measured value beside its target. */
export interface Row {
  label: string;
  value: string;
  target: string;
  verdict: Verdict;
  /** False where the value is shown for comparison only (the metrics on desktop). */
  judged: boolean;
  /** What Lighthouse says would help, for a judged miss. */
  hints: string[];
}

interface Target {
  text: string;
  meets(value: number): boolean;
  miss: Exclude<Verdict, 'PASS'>;
}

/** A number read from one run, the target it is held to, and where to look when it misses. */
interface Criterion {
  label: string;
  read(lhr: Result): number;
  format(value: number): string;
  target(preset: Preset): Target;
  judgedOn: readonly Preset[];
  hints(lhr: Result): string[];
}

/** How many of Lighthouse's suggestions are shown under a missed target. */
const HINTS = 3;
/**
 * Lighthouse's own line for a good total-byte-weight (its audit scores 0.9 there); the
 * project has no stricter budget for a whole page yet.
 */
const MAX_PAGE_KIB = 2667;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const millis = (ms: number) => `${Math.round(ms).toLocaleString('en-US')} ms`;
const shift = (value: number) => value.toFixed(3);
const kib = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KiB`;

const atLeast = (limit: number): Target => ({
  text: limit === 100 ? '= 100' : `>= ${limit}`,
  meets: (value) => value >= limit,
  miss: 'BELOW',
});
const under = (limit: number, format: (n: number) => string): Target => ({
  text: `< ${format(limit)}`,
  meets: (value) => value < limit,
  miss: 'ABOVE',
});
const atMost = (limit: number, format: (n: number) => string): Target => ({
  text: `<= ${format(limit)}`,
  meets: (value) => value <= limit,
  miss: 'ABOVE',
});

const audits = (lhr: Result): Audit[] => Object.values(lhr.audits);
const detailItems = (audit: Audit | undefined): Record<string, unknown>[] =>
  audit?.details && 'items' in audit.details && Array.isArray(audit.details.items)
    ? (audit.details.items as Record<string, unknown>[])
    : [];

/** Lighthouse's report lists an audit scored 0.9 or more as passed, whatever saving it estimates. */
const passed = (audit: Audit) => audit.score !== null && audit.score >= 0.9 && audit.scoreDisplayMode !== 'informative';

/**
 * Lighthouse's LCP breakdown: the element, then how long each part took. It is read from the
 * page's real, unthrottled load, so its parts need not add up to the simulated LCP.
 */
function lcpBreakdown(lhr: Result): string[] {
  const items = detailItems(lhr.audits['lcp-breakdown-insight']);
  const subparts = items.find((item) => item.type === 'table')?.items;
  if (!Array.isArray(subparts)) return [];
  const selector = String(items.find((item) => item.type === 'node')?.selector ?? 'unknown');
  const parts = (subparts as { label?: string; duration?: number }[])
    .map((part) => `${part.label ?? '?'} ${millis(part.duration ?? 0)}`)
    .join(', ');
  // The selector's last step names the element; the steps before it are its ancestors.
  return [`LCP element ${selector.split('>').at(-1)?.trim()}, in the unthrottled load: ${parts}`];
}

/** The audits that estimate a saving in `metric`, largest first. */
function savingsHints(lhr: Result, metric: Metric): string[] {
  const saving = (audit: Audit) => audit.metricSavings?.[metric] ?? 0;
  const format = metric === 'CLS' ? shift : millis;
  return audits(lhr)
    .filter((audit) => saving(audit) > 0 && !passed(audit))
    .sort((a, b) => saving(b) - saving(a))
    .slice(0, HINTS)
    .map(
      (audit) =>
        `${audit.title}: ~${format(saving(audit))} ${metric}${audit.displayValue ? ` (${audit.displayValue})` : ''}`,
    );
}

/** The category's failing audits that cost it the most points. */
function categoryHints(lhr: Result, id: Category): string[] {
  const lost = ({ weight, audit }: { weight: number; audit: Audit }) => weight * (1 - (audit.score ?? 1));
  return (lhr.categories[id]?.auditRefs ?? [])
    .flatMap((ref) => {
      const audit = lhr.audits[ref.id];
      return audit && ref.weight > 0 && audit.score !== null && audit.score < 1 ? [{ weight: ref.weight, audit }] : [];
    })
    .sort((a, b) => lost(b) - lost(a))
    .slice(0, HINTS)
    .map(({ audit }) => `${audit.title}${describeFailure(audit)}`);
}

function describeFailure(audit: Audit): string {
  // A metric's own audit: its value and the score Lighthouse gave it, out of 100.
  if (audit.scoreDisplayMode === 'numeric' && audit.displayValue) {
    return `: ${audit.displayValue} (scored ${Math.round((audit.score ?? 0) * 100)})`;
  }
  if (audit.displayValue) return `: ${audit.displayValue}`;
  const items = detailItems(audit).length;
  return items ? ` (${items} item${items === 1 ? '' : 's'})` : '';
}

/** The largest transfers of the page. */
function heaviestResources(lhr: Result): string[] {
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  return detailItems(lhr.audits['total-byte-weight'])
    .slice(0, HINTS)
    .map((item) => `${String(item.url).replace(origin, '')}: ${kib(Number(item.totalBytes))}`);
}

function categoryCriterion(id: Category, label: string, mobileTarget: number): Criterion {
  return {
    label,
    read: (lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100),
    format: (value) => String(Math.round(value)),
    target: (preset) => atLeast(preset === 'mobile' ? mobileTarget : 100),
    judgedOn: ['mobile', 'desktop'],
    hints: (lhr) => categoryHints(lhr, id),
  };
}

function metricCriterion(
  auditId: string,
  label: string,
  metric: Metric,
  limit: number,
  format: (n: number) => string,
  /** Lighthouse's account of the metric, shown before the suggestions. */
  explain: (lhr: Result) => string[] = () => [],
): Criterion {
  return {
    label,
    read: (lhr) => lhr.audits[auditId]?.numericValue ?? Number.NaN,
    format,
    target: () => under(limit, format),
    // The metric targets are about a phone; desktop values are shown beside them.
    judgedOn: ['mobile'],
    hints: (lhr) => [...explain(lhr), ...savingsHints(lhr, metric)],
  };
}

const CRITERIA: Criterion[] = [
  categoryCriterion('performance', 'Performance', 95),
  categoryCriterion('accessibility', 'Accessibility', 100),
  categoryCriterion('best-practices', 'Best practices', 100),
  categoryCriterion('seo', 'SEO', 100),
  metricCriterion('largest-contentful-paint', 'Largest Contentful Paint', 'LCP', 2000, seconds, lcpBreakdown),
  metricCriterion('total-blocking-time', 'Total Blocking Time', 'TBT', 150, millis),
  metricCriterion('cumulative-layout-shift', 'Cumulative Layout Shift', 'CLS', 0.05, shift),
  {
    label: 'Bytes transferred',
    read: (lhr) => lhr.audits['total-byte-weight']?.numericValue ?? Number.NaN,
    format: kib,
    target: () => atMost(MAX_PAGE_KIB * 1024, kib),
    judgedOn: ['mobile'],
    hints: heaviestResources,
  },
];

/** The run whose performance score is the median one: the one whose suggestions are shown. */
function representativeRun(runs: Result[]): Result {
  const byScore = [...runs].sort(
    (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
  );
  const run = byScore[(byScore.length - 1) >> 1];
  if (!run) throw new Error('No Lighthouse run to report.');
  return run;
}

/** Each criterion's median over the runs, against its target. */
export function judge({ preset, runs }: PageRuns): Row[] {
  const representative = representativeRun(runs);
  return CRITERIA.map((criterion) => {
    const value = median(runs.map((lhr) => criterion.read(lhr))) ?? Number.NaN;
    const target = criterion.target(preset);
    const met = target.meets(value);
    const judged = criterion.judgedOn.includes(preset);
    return {
      label: criterion.label,
      value: criterion.format(value),
      target: target.text,
      verdict: met ? 'PASS' : target.miss,
      judged,
      hints: judged && !met ? criterion.hints(representative) : [],
    };
  });
}

export const isMiss = (row: Row) => row.judged && row.verdict !== 'PASS';

export function formatPage({ path, preset, runs }: PageRuns, rows: Row[]): string {
  const title = `${path}  ${preset}${runs.length > 1 ? `  (median of ${runs.length} runs)` : ''}`;
  const lines = [title];
  for (const row of rows) {
    lines.push(
      `  ${row.label.padEnd(26)}${row.value.padStart(10)}   ${row.target.padEnd(13)}${row.judged ? row.verdict : `(${row.verdict})`}`,
    );
    if (isMiss(row) && row.hints.length === 0) lines.push('      · Lighthouse names nothing specific to fix');
    for (const hint of row.hints) lines.push(`      · ${hint}`);
  }
  return lines.join('\n');
}

/** The conditions a preset ran under, as Lighthouse recorded them. */
export function describePreset(lhr: Result): string {
  const { formFactor, throttlingMethod, throttling, screenEmulation } = lhr.configSettings;
  const screen = screenEmulation.disabled
    ? 'no screen emulation'
    : `${screenEmulation.width}×${screenEmulation.height} at ${screenEmulation.deviceScaleFactor}x`;
  return `${formFactor}: ${screen}, ${throttlingMethod} throttling to ${throttling.rttMs} ms RTT, ${(throttling.throughputKbps / 1000).toFixed(1)} Mbps, ${throttling.cpuSlowdownMultiplier}x CPU slowdown`;
}
