import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../apps/server/src/node-flags.ts';
import { seedCatalogue } from '../apps/server/src/seed/seed-catalogue.ts';
import { assertRunning, seedDatabase, startAppServer } from '../bench/app-server.ts';
import { BenchError, makeTempDir, runBench, startDatabase } from '../bench/lifecycle.ts';
import { readBaseline, readDatabaseState } from '../bench/loadtest/check-database.ts';
import { compareWithDatabase, Ledger } from '../bench/loadtest/ledger.ts';
import { preparePopulation } from '../bench/loadtest/prepare.ts';
import { formatOperations, P99_TARGET_MS, Recorder, slowOperations } from '../bench/loadtest/stats.ts';
import { type Run, school, sponsor, staff, staffToken, visitor } from '../bench/loadtest/users.ts';
import { cpuMicros, statusMb } from '../bench/process-stats.ts';
import { buildWebIfStale } from './lib.ts';

/**
 * npm run loadtest: a scripted mix of users against the production build for 60 s, then
 * the database checked against what the users were told. See the README's Benchmarks.
 */

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    users: { type: 'string', default: '50' },
    schools: { type: 'string', default: '200' },
    sponsors: { type: 'string', default: '30' },
    'sponsorships-each': { type: 'string', default: '8' },
    'think-ms': { type: 'string', default: '250' },
    // Users arrive one after another over this many seconds, as people do, not all in one instant.
    'ramp-s': { type: 'string', default: '5' },
    // Node flags added to the server's own, to look into it (e.g. --trace-gc, --cpu-prof); not for the figures.
    'server-flags': { type: 'string', default: '' },
    // Copies the server's output there at the end.
    'keep-log': { type: 'string' },
    // A data directory made by npm run seed:scale: the load runs beside a region's year (its accounts are added to it).
    'data-dir': { type: 'string' },
  },
});
const settings = {
  duration: Number(args.duration),
  users: Number(args.users),
  schools: Number(args.schools),
  sponsors: Number(args.sponsors),
  sponsorshipsEach: Number(args['sponsorships-each']),
  thinkMs: Number(args['think-ms']),
  rampS: Number(args['ramp-s']),
};
for (const [name, value] of Object.entries(settings)) {
  if (!(Number.isInteger(value) && value >= (name === 'thinkMs' || name === 'rampS' ? 0 : 1))) {
    console.error(`--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} must be a whole number above 0`);
    process.exit(2);
  }
}
if (settings.users < 4) {
  console.error('--users must be at least 4: one of each kind');
  process.exit(2);
}

const MEMORY_TARGET_MB = 300;
const say = (line = '') => process.stdout.write(`${line}\n`);

/** The server's log lines of level warn and above (pino's JSON: 40 warn, 50 error, 60 fatal), and the first few of them. */
function logProblems(file: string): { count: number; first: string[] } {
  let count = 0;
  const first: string[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; url?: string; err?: { message?: string } };
      if ((entry.level ?? 0) < 40) continue;
      count++;
      if (first.length < 5) first.push(`${entry.level} ${entry.msg ?? ''} ${entry.err?.message ?? ''}`.trim());
    } catch {
      // Not a log entry.
    }
  }
  return { count, first };
}

/** The users of each kind: 40 % visitors, 40 % schools, 14 % sponsors, the rest (at least one) staff. */
function mix(users: number) {
  const visitors = Math.max(1, Math.round(users * 0.4));
  const schools = Math.max(1, Math.round(users * 0.4));
  const sponsors = Math.max(1, Math.round(users * 0.14));
  return { visitors, schools, sponsors, staff: Math.max(1, users - visitors - schools - sponsors) };
}

/** Every `of`-th item from `index` on: the accounts one user stands for. */
const shareOf = <T>(items: readonly T[], index: number, of: number) => items.filter((_, i) => i % of === index);

async function main(): Promise<number> {
  await buildWebIfStale();
  const tempDir = makeTempDir('portal-loadtest-');
  const given = args['data-dir'];
  const dataDir = given ? path.resolve(given) : path.join(tempDir, 'data');
  const logFile = path.join(tempDir, 'server.log');
  const kinds = mix(settings.users);

  say(
    `Load test: Node ${process.versions.node}, ${os.availableParallelism()} cores, ${settings.duration} s, ${settings.users} users ` +
      `(${kinds.visitors} visitors, ${kinds.schools} schools, ${kinds.sponsors} sponsors, ${kinds.staff} staff), ` +
      `${settings.thinkMs / 5}-${settings.thinkMs} ms between steps, arriving over the first ${settings.rampS} s.`,
  );
  say(
    `Server: the production build (web build, ${SERVER_NODE_FLAGS.join(' ')}, ${Object.entries(SERVER_ENV)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}) with NODE_ENV=test, since production refuses ` +
      `the test payment gateway and keeping mail in the outbox; one process on ${given ? 'the given' : 'a fresh'} embedded PostgreSQL.`,
  );

  const database = await startDatabase(dataDir);
  if (given) say(`Data: the scaled year in ${dataDir}, the load's own accounts added beside it.`);
  else await seedDatabase(database.url, path.join(dataDir, 'uploads'), seedCatalogue);
  const app = await startAppServer({
    dataDir,
    databaseUrl: database.url,
    logFile,
    nodeFlags: args['server-flags'].split(' ').filter(Boolean),
    env: {
      NODE_ENV: 'test',
      SEED_DEMO: '0',
      // As behind the site's proxy: the schools registered in preparation each come from an address of their own.
      TRUST_PROXY: '1',
      // No SMTP: mail is kept in the outbox. No Stripe keys: the built-in test gateway.
      SMTP_URL: undefined,
      STRIPE_SECRET_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
    },
  });
  const pid = app.process.pid ?? 0;

  // Whatever the database held before (a scaled year) is not the run's to account for.
  const baseline = await readBaseline(database.url);
  const preparation = new Recorder();
  const prepStarted = performance.now();
  const population = await preparePopulation(
    app.url,
    database.url,
    { schools: settings.schools, sponsors: settings.sponsors, sponsorshipsEach: settings.sponsorshipsEach },
    preparation,
  );
  if (preparation.errors) {
    throw new BenchError(`Preparing the accounts failed:\n  ${preparation.failures.join('\n  ')}`);
  }
  say(
    `Prepared in ${((performance.now() - prepStarted) / 1000).toFixed(1)} s: ${population.schools.length} schools registered through the API, ` +
      `${population.sponsors.length} sponsors with ${settings.sponsorshipsEach} sponsorships each, one administrator.`,
  );

  const rssBeforeMb = statusMb(pid, 'VmRSS');
  const peakBeforeMb = statusMb(pid, 'VmHWM');
  // The run's own peak: writing 5 to clear_refs sets VmHWM back to what the process holds now.
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const recorder = new Recorder();
  const ledger = new Ledger();
  const staffSignIn = await staffToken(app.url, recorder, population.staff);
  const started = performance.now();
  let peakRssMb = statusMb(pid, 'VmRSS');
  /** The most resident memory seen in each 10 s of the run. */
  const rssBySlice: number[] = [];
  const sampler = setInterval(() => {
    try {
      const rss = statusMb(pid, 'VmRSS');
      peakRssMb = Math.max(peakRssMb, rss);
      const slice = Math.floor((performance.now() - started) / 10_000);
      rssBySlice[slice] = Math.max(rssBySlice[slice] ?? 0, rss);
    } catch {
      // The server has stopped; assertRunning says so below.
    }
  }, 250);

  const cpuBefore = cpuMicros(pid);
  const loadBefore = os.loadavg()[0] ?? 0;
  const run: Run = {
    url: app.url,
    recorder,
    ledger,
    population,
    until: started + settings.duration * 1000,
    thinkMs: settings.thinkMs,
  };
  say(`Running for ${settings.duration} s…`);
  const users: (() => Promise<void>)[] = [
    ...Array.from({ length: kinds.visitors }, () => () => visitor(run)),
    ...Array.from(
      { length: kinds.schools },
      (_, i) => () => school(run, shareOf(population.schools, i, kinds.schools)),
    ),
    ...Array.from(
      { length: kinds.sponsors },
      (_, i) => () => sponsor(run, shareOf(population.sponsors, i, kinds.sponsors)),
    ),
    ...Array.from({ length: kinds.staff }, (_, i) => () => staff(run, staffSignIn, i, kinds.staff)),
  ];
  // The kinds interleaved, each user arriving a moment after the one before.
  const arrivals = users.map((user, i) => ({ user, at: ((i * 7919) % users.length) / users.length }));
  await Promise.all(arrivals.map(({ user, at }) => sleep(at * settings.rampS * 1000).then(user)));
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = (cpuMicros(pid) - cpuBefore) / 1e6 / seconds;
  const loadAfter = os.loadavg()[0] ?? 0;
  clearInterval(sampler);
  assertRunning(app);
  const peakMb = Math.max(peakRssMb, statusMb(pid, 'VmHWM'));

  const summaries = recorder.summary(seconds);
  const total = summaries.reduce((n, s) => n + s.count, 0);
  say();
  say(formatOperations(summaries));
  say();
  say(`${total} requests in ${seconds.toFixed(1)} s: ${(total / seconds).toFixed(1)} requests a second.`);
  if (recorder.failures.length) say(`First failures:\n  ${recorder.failures.join('\n  ')}`);
  say(
    `Server CPU during the run: ${(serverCpu * 100).toFixed(0)} % of one core; machine load average (1 min) ` +
      `${loadBefore.toFixed(1)} at the start, ${loadAfter.toFixed(1)} at the end (${os.availableParallelism()} cores).`,
  );
  say(
    `Server memory: ${rssBeforeMb.toFixed(1)} MB resident before the run (peak ${peakBeforeMb.toFixed(1)} MB while the accounts were made), ` +
      `peak during the run ${peakMb.toFixed(1)} MB; the most resident in each 10 s: ${rssBySlice.map((mb) => mb.toFixed(0)).join(', ')} MB.`,
  );
  const logged = logProblems(logFile);
  if (args['keep-log']) copyFileSync(logFile, args['keep-log']);
  say(
    `Server log: ${logged.count} line(s) of warning or error${logged.first.length ? `:\n  ${logged.first.join('\n  ')}` : '.'}`,
  );

  // Receipts are queued, and the mail job handles each message, after the answers that
  // acknowledged their payments: the comparison is read again until it agrees, for 15 s at most.
  const checkStarted = performance.now();
  let check = compareWithDatabase(ledger, await readDatabaseState(database.url, baseline));
  while (check.problems.length && performance.now() - checkStarted < 15_000) {
    await sleep(500);
    check = compareWithDatabase(ledger, await readDatabaseState(database.url, baseline));
  }
  const paid = [...ledger.payments.values()];
  say(
    `Acknowledged: ${ledger.orders.size} orders (${[...ledger.orders.values()].filter((o) => o.status === 'Reserved').length} left Reserved), ` +
      `${paid.filter((p) => p.kind === 'order').length} order payments, ${paid.filter((p) => p.kind === 'sponsorship').length} part payments ` +
      `and ${paid.filter((p) => p.kind === 'bulk').length} bulk payments of sponsorships, ` +
      `${[...ledger.orders.values()].reduce((n, o) => n + o.moves.length, 0)} status moves by staff.`,
  );
  say(
    `Database checked: ${Object.entries(check.counts)
      .map(([name, n]) => `${n} ${name}`)
      .join(
        ', ',
      )}; ${check.problems.length} difference(s) (read ${((performance.now() - checkStarted) / 1000).toFixed(1)} s after the run).`,
  );
  for (const problem of check.problems.slice(0, 30)) say(`  ${problem}`);
  if (ledger.uncertain.size || ledger.uncertainOrders.size) {
    say(
      `Left out of the comparison after an error: ${ledger.uncertain.size} payment(s), ${ledger.uncertainOrders.size} order(s).`,
    );
  }

  const slow = slowOperations(summaries);
  const targets: [string, boolean][] = [
    [`errors: ${recorder.errors}   target 0`, recorder.errors === 0],
    [`lost or duplicated records: ${check.problems.length}   target 0`, check.problems.length === 0],
    [
      `p99 of reads < ${P99_TARGET_MS.read} ms and of writes < ${P99_TARGET_MS.write} ms: ${
        slow.length ? `above in ${slow.map((s) => `${s.name} (${s.p99.toFixed(0)} ms)`).join(', ')}` : 'every operation'
      }`,
      slow.length === 0,
    ],
    [
      `server peak memory during the run: ${peakMb.toFixed(1)} MB   target < ${MEMORY_TARGET_MB}`,
      peakMb < MEMORY_TARGET_MB,
    ],
  ];
  say();
  for (const [line, ok] of targets) say(`${ok ? 'PASS' : 'FAIL'}  ${line}`);
  return targets.every(([, ok]) => ok) ? 0 : 1;
}

runBench(main);
