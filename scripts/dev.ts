import { spawn } from 'node:child_process';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../apps/server/src/node-flags.ts';
import { ROOT } from './lib.ts';

/**
 * npm run dev: the API server restarting on change (port 3000) and Vite's dev server with
 * hot reload (port 5173), which forwards /api to the API server.
 */
const children = [
  spawn(
    'node',
    [
      ...SERVER_NODE_FLAGS,
      '--watch-path=apps/server/src',
      '--watch-path=packages/contracts/src',
      'apps/server/src/main.ts',
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...SERVER_ENV },
    },
  ),
  spawn('vite', ['apps/web'], { cwd: ROOT, stdio: 'inherit' }),
];
console.log('Open http://localhost:5173 (the API runs on http://localhost:3000).');
const stopAll = () => {
  for (const child of children) child.kill('SIGINT');
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
await Promise.all(children.map((c) => new Promise((resolve) => c.on('exit', resolve))));
