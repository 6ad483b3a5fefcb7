// Runs on whatever Node the machine has (npm itself may be older than the project's Node):
// installs the dependencies when they are missing or older than package-lock.json, then
// hands over to the given script on the project's own Node 24 from node_modules.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lock = path.join(root, 'package-lock.json');
const marker = path.join(root, 'node_modules', '.package-lock.json');
const projectNode = path.join(root, 'node_modules', '.bin', 'node');

function needsInstall() {
  if (!existsSync(marker) || !existsSync(projectNode)) return true;
  return statSync(marker).mtimeMs < statSync(lock).mtimeMs;
}

if (needsInstall()) {
  console.log('Installing dependencies (npm ci)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm ci failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('usage: node scripts/bootstrap.mjs <script.ts> [args…]');
  process.exit(2);
}
const binPath = path.join(root, 'node_modules', '.bin');
const env = { ...process.env, PATH: `${binPath}${path.delimiter}${process.env.PATH ?? ''}` };
const child = spawnSync(projectNode, [path.join(root, script), ...args], { cwd: root, stdio: 'inherit', env });
process.exit(child.status ?? (child.signal ? 1 : 0));
