import { SERVER_ENV, SERVER_NODE_FLAGS } from '../apps/server/src/node-flags.ts';
import { buildWebIfStale, ROOT, run } from './lib.ts';

/** npm start: build the web app if its sources changed, then run the server (database, migrations, seed). */
await buildWebIfStale();
process.chdir(ROOT);
const server = run('node', [...SERVER_NODE_FLAGS, 'apps/server/src/main.ts'], { env: SERVER_ENV });
// Ctrl-C reaches the server directly (same process group); wait for its orderly stop.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => {});
process.exit(await server);
