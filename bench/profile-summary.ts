import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Summarises V8 CPU profiles (`npm run bench -- --profile DIR`): the functions and the
 * packages where the server spent its own time, largest first.
 *
 *   node bench/profile-summary.ts DIR [how many rows, 40 by default]
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const [dir = '.', rowsArg = '40'] = process.argv.slice(2);
const rows = Number(rowsArg);
const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
if (files.length === 0) {
  console.error(`No .cpuprofile files in ${dir}`);
  process.exit(2);
}

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
let total = 0;

/** `node_modules/fastify/lib/reply.js` → `fastify`; our own files by their path in the repository. */
function packageOf(url: string): string {
  if (!url) return '(native or idle)';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match?.[1]) return match[1];
  if (url.startsWith('node:')) return url;
  const ours = /\/(apps|packages)\/(.*)$/.exec(url);
  return ours ? `${ours[1]}/${ours[2]}` : url;
}

for (const file of files) {
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const id of profile.samples) {
    const node = nodes.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)' || functionName === '(garbage collector)') {
      byFunction.set(functionName, (byFunction.get(functionName) ?? 0) + 1);
      if (functionName !== '(idle)') total++;
      continue;
    }
    total++;
    const key = `${functionName || '(anonymous)'}  ${packageOf(url)}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + 1);
    const pkg = packageOf(url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + 1);
  }
}

const show = (title: string, counts: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    if (key === '(idle)') continue;
    console.log(`${((count / total) * 100).toFixed(1).padStart(6)}%  ${key}`);
  }
};
console.log(`${files.length} profile(s), ${total} busy samples`);
show('Self time by package', byPackage);
show('Self time by function', byFunction);
