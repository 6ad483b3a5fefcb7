// Runs on whatever Node the machine has (npm itself may be older than the project's Node):
// installs the dependencies when they are missing or older than package-lock.json, then
// hands over to the given script on the project's own Node 24 from node_modules.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitCodeOf } from './exit-code.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lock = path.join(root, 'package-lock.json');
const marker = path.join(root, 'node_modules', '.package-lock.json');
const projectNode = path.join(root, 'node_modules', '.bin', 'node');

/** Whether the project's Node starts and says it is a Node: a binary that exists may still not run. */
function projectNodeRuns() {
  const probe = spawnSync(projectNode, ['--version'], { encoding: 'utf8', timeout: 60_000 });
  return !probe.error && probe.status === 0 && /^v\d+\./.test(probe.stdout);
}

function needsInstall() {
  if (!existsSync(marker) || !existsSync(projectNode)) return true;
  if (statSync(marker).mtimeMs < statSync(lock).mtimeMs) return true;
  return !projectNodeRuns();
}

/**
 * npm ci with only its errors, and a line of progress instead of its warnings: on this
 * Node, npm warns of every package that asks for a newer one (some ninety lines), though
 * the project runs on its own Node 24. What npm said is shown only when it fails.
 */
async function install() {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  console.log('Installing dependencies (npm ci, about a minute the first time)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const child = spawn(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const said = [];
  child.stdout.on('data', (chunk) => said.push(chunk));
  child.stderr.on('data', (chunk) => said.push(chunk));
  const progress = setInterval(() => console.log(`  still installing… ${seconds()} s`), 15_000);
  const code = await new Promise((resolve) => {
    child.on('error', (error) => {
      said.push(Buffer.from(`${error.message}\n`));
      resolve(127);
    });
    child.on('close', (status, signal) => resolve(exitCodeOf({ status, signal }, 'npm ci')));
  });
  clearInterval(progress);
  if (code !== 0) {
    process.stderr.write(Buffer.concat(said));
    console.error(`npm ci failed (exit code ${code}); its messages are above.`);
    process.exit(code);
  }
  console.log(`Dependencies installed in ${seconds()} s.`);
}

if (needsInstall()) {
  await install();
  if (!projectNodeRuns()) {
    console.error(`The project's Node (${projectNode}) does not run after npm ci.`);
    process.exit(1);
  }
}

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('usage: node scripts/bootstrap.mjs <script.ts> [args…]');
  process.exit(2);
}
const binPath = path.join(root, 'node_modules', '.bin');
const env = { ...process.env, PATH: `${binPath}${path.delimiter}${process.env.PATH ?? ''}` };
const child = spawnSync(projectNode, [path.join(root, script), ...args], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exit(exitCodeOf(child, `node ${script}`));
