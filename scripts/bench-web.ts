import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { TCategoryResponse } from '@portal/contracts/catalogue';
import { routePath } from '@portal/contracts/routes';
import type { Result } from 'lighthouse';
import { seedDemo } from '../apps/server/src/seed/seed.ts';
import { type AppServer, assertRunning, fetchOk, seedDatabase, startAppServer } from '../bench/app-server.ts';
import { BenchError, makeTempDir, runBench, startDatabase } from '../bench/lifecycle.ts';
import { PRESETS, type Preset, runLighthouse } from '../bench/lighthouse.ts';
import { describePreset, formatPage, isMiss, judge, type PageRuns } from '../bench/web-report.ts';
import { buildWebIfStale, CHROMIUM } from './lib.ts';

const USAGE = `npm run bench:web [-- options]

Measures the public pages of a production build with Lighthouse, as a new visitor on a
phone (Lighthouse's default: simulated slow 4G and a 4x slower CPU) and on a desktop sees them.

  --only <text>              only the page with that path, or those whose name contains it
                             (home, products, category-student-planners, product-…)
  --preset mobile|desktop    only one preset (both by default)
  --runs <n>                 Lighthouse runs per page and preset, the median reported (1)
  --out <dir>                keep each run's JSON and HTML report in <dir>

CHROME_PATH chooses the browser (${CHROMIUM} by default); none is ever downloaded.`;

/** Below this benchmark index Lighthouse's command line warns that the host CPU is too slow for its 4x slowdown. */
const SLOW_HOST_INDEX = 1000;

/** The category measured, and whose first product stands for the product pages. */
const CATEGORY = 'student-planners';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    preset: { type: 'string' },
    runs: { type: 'string', default: '1' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const runs = Number(args.runs);
if (!(Number.isInteger(runs) && runs >= 1)) usageError('--runs must be a whole number above 0');
const presets = args.preset === undefined ? PRESETS : PRESETS.filter((p) => p === args.preset);
if (presets.length === 0) usageError(`--preset must be one of: ${PRESETS.join(', ')}`);
const outDir = args.out ? path.resolve(args.out) : undefined;
const chromePath = process.env.CHROME_PATH || CHROMIUM;

function usageError(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const say = (line = '') => process.stdout.write(`${line}\n`);

/** The four public pages: home, all products, a category and one of its products (a slug the seed made). */
async function publicPages(app: AppServer): Promise<string[]> {
  const listing = JSON.parse(
    await fetchOk(`${app.url}/api/category?slug=${CATEGORY}&page=1&limit=1`),
  ) as TCategoryResponse;
  const product = listing.products[0];
  if (!product) throw new BenchError(`The seeded category ${CATEGORY} lists no product to measure.`);
  return [
    routePath('home'),
    routePath('products'),
    routePath('category', { slug: CATEGORY }),
    routePath('product', { slug: product.product_slug }),
  ];
}

/** home, products, category-student-planners, …: a page's name in report file names. */
const fileStem = (pagePath: string) => pagePath.replace(/^\/|\/$/g, '').replaceAll('/', '-') || 'home';

function keepReports(pagePath: string, preset: Preset, run: number, reports: string[]) {
  if (!outDir) return;
  const stem = `${preset}-${fileStem(pagePath)}${runs > 1 ? `-run${run}` : ''}`;
  const [json, html] = reports;
  if (json) writeFileSync(path.join(outDir, `${stem}.report.json`), json);
  if (html) writeFileSync(path.join(outDir, `${stem}.report.html`), html);
}

/** Lighthouse runs of one page in one preset, each in a fresh browser. */
async function measure(
  app: AppServer,
  pagePath: string,
  preset: Preset,
  { tempDir, pathWidth }: { tempDir: string; pathWidth: number },
): Promise<PageRuns> {
  const results: Result[] = [];
  for (let run = 1; run <= runs; run++) {
    const started = performance.now();
    const { lhr, reports } = await runLighthouse(`${app.publicUrl}${pagePath}`, preset, {
      chromePath,
      userDataDir: path.join(tempDir, `chromium-${preset}-${fileStem(pagePath)}-${run}`),
      outputs: outDir ? ['json', 'html'] : [],
    });
    keepReports(pagePath, preset, run, reports);
    results.push(lhr);
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    say(
      `  ${preset.padEnd(8)}${pagePath.padEnd(pathWidth)}run ${run} of ${runs}: performance ${score}  (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  return { path: pagePath, preset, runs: results };
}

function printResults(measured: PageRuns[]): { missed: number; judged: number } {
  let missed = 0;
  let judged = 0;
  const first = measured[0]?.runs[0];
  if (first) {
    const { hostUserAgent, benchmarkIndex } = first.environment;
    // Lighthouse's reading of this machine's CPU: below 1000 it warns that its 4x mobile slowdown overstates a phone.
    say(
      `Lighthouse ${first.lighthouseVersion}, Chromium ${hostUserAgent.match(/Chrome\/(\d+)/)?.[1] ?? '?'}, benchmark index ${Math.round(benchmarkIndex)}`,
    );
  }
  for (const preset of presets) {
    const sample = measured.find((m) => m.preset === preset)?.runs[0];
    if (sample) say(`  ${describePreset(sample)}`);
  }
  say('  Values in (parentheses) are shown for comparison: the metric targets are judged on mobile.');
  for (const page of measured) {
    const rows = judge(page);
    judged += rows.filter((row) => row.judged).length;
    missed += rows.filter(isMiss).length;
    say();
    say(formatPage(page, rows));
  }
  const slowest = Math.min(...measured.flatMap((m) => m.runs.map((lhr) => lhr.environment.benchmarkIndex)));
  if (slowest < SLOW_HOST_INDEX) {
    say(
      `\nThis machine was slower than Lighthouse assumes (benchmark index down to ${Math.round(slowest)}, under ${SLOW_HOST_INDEX}): its mobile CPU slowdown then overstates TBT and LCP; busy cores do the same.`,
    );
  }
  const warnings = new Set(measured.flatMap((m) => m.runs.flatMap((lhr) => lhr.runWarnings)));
  if (warnings.size) say(`\nLighthouse warned:\n${[...warnings].map((w) => `  · ${w}`).join('\n')}`);
  return { missed, judged };
}

/** Runs `step`; when it fails because the server has stopped, the error says so, with the server's last output. */
async function whileServing<T>(app: AppServer, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    assertRunning(app);
    throw error;
  }
}

async function main(): Promise<number> {
  const started = performance.now();
  if (!existsSync(chromePath)) {
    throw new BenchError(
      `No browser at ${chromePath}: install Chromium (apt-get install chromium) or set CHROME_PATH.`,
    );
  }
  if (outDir) mkdirSync(outDir, { recursive: true });
  await buildWebIfStale();

  const tempDir = makeTempDir('portal-bench-web-');
  const dataDir = path.join(tempDir, 'data');
  const database = await startDatabase(dataDir);
  // The demo npm start seeds (production seeds none), so the pages show a real catalogue.
  await seedDatabase(database.url, path.join(dataDir, 'uploads'), seedDemo);
  const app = await startAppServer({ dataDir, databaseUrl: database.url, logFile: path.join(tempDir, 'server.log') });
  const { only } = args;
  const pages = (await publicPages(app)).filter((p) => !only || p === only || fileStem(p).includes(only));
  if (pages.length === 0) throw new BenchError(`--only ${only}: no page is that path or has that in its name`);

  say(
    `Lighthouse against the production server (NODE_ENV=production, demo data), Node ${process.versions.node}, ${os.availableParallelism()} cores;`,
  );
  say(`  ${presets.join(' and ')}, ${runs} run(s) per page, each in a new browser profile.`);
  const pathWidth = Math.max(...pages.map((p) => p.length)) + 2;
  const measured: PageRuns[] = [];
  for (const preset of presets) {
    for (const pagePath of pages) {
      measured.push(
        await whileServing(app, async () => {
          // The server's first answers build its caches and compressed copies; a visitor meets a
          // server that has answered before. The copy made for a browser is ready once a moment has passed.
          await fetchOk(`${app.url}${pagePath}`, { headers: { 'accept-encoding': 'br, gzip' } });
          await new Promise((resolve) => setTimeout(resolve, 500));
          return measure(app, pagePath, preset, { tempDir, pathWidth });
        }),
      );
    }
  }

  say();
  const { missed, judged } = printResults(measured);
  say();
  if (outDir) say(`Reports: ${outDir}`);
  say(`Took ${((performance.now() - started) / 60_000).toFixed(1)} min.`);
  say(`${missed} of ${judged} target(s) missed (a measurement, not a failure).`);
  return 0;
}

runBench(main);
