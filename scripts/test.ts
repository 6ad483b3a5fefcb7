import { buildWebIfStale, ensureChromium, run } from './lib.ts';

/** npm test: every check CI runs, in order, with a summary at the end. */
interface Step {
  name: string;
  command: () => Promise<number>;
}

/**
 * Chromium for the end-to-end step is installed, when missing, while the steps before it run:
 * apt spends its time downloading and unpacking, they theirs computing. What apt says is
 * shown when the end-to-end step starts.
 */
let chromiumSaid = '';
const chromiumReady = ensureChromium((text) => {
  chromiumSaid += text;
}).catch((error: Error) => ({ ok: false as const, why: `Chromium could not be installed: ${error.message}` }));

const steps: Step[] = [
  { name: 'lint (biome)', command: () => run('biome', ['ci', '.']) },
  { name: 'typecheck (tsc)', command: () => run('npm', ['run', '--silent', 'typecheck']) },
  {
    name: 'unit tests (vitest: node and web)',
    command: () => run('vitest', ['run', '--project', 'unit', '--project', 'web']),
  },
  {
    name: 'API integration tests (vitest + PostgreSQL)',
    command: () => run('vitest', ['run', '--project', 'integration']),
  },
  {
    name: 'end-to-end tests (playwright + chromium)',
    command: async () => {
      process.stdout.write(chromiumSaid);
      const chromium = await chromiumReady;
      if (!chromium.ok) {
        console.error(chromium.why);
        return 1;
      }
      await buildWebIfStale();
      return run('playwright', ['test', '-c', 'e2e/playwright.config.ts']);
    },
  },
];

const results: { name: string; ok: boolean; seconds: number }[] = [];
const runStarted = Date.now();
for (const step of steps) {
  console.log(`\n━━ ${step.name}`);
  const started = Date.now();
  const code = await step.command().catch((error: Error) => {
    console.error(error.message);
    return 1;
  });
  const seconds = (Date.now() - started) / 1000;
  results.push({ name: step.name, ok: code === 0, seconds });
  console.log(`\n━━ ${step.name}: ${code === 0 ? 'passed' : `FAILED (exit code ${code})`} in ${seconds.toFixed(1)} s`);
}

console.log('\n━━ Summary');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}  (${r.seconds.toFixed(1)} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(
  `\nsteps: ${results.length - failed} passed, ${failed} failed, in ${((Date.now() - runStarted) / 60_000).toFixed(1)} min`,
);
process.exit(failed ? 1 : 0);
