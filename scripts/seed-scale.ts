import path from 'node:path';
import { parseArgs } from 'node:util';
import { boot } from '../apps/server/src/boot.ts';
import { loadConfigOrExit } from '../apps/server/src/config.ts';
import { SCALE_PASSWORD, scaleOf, seedScale } from '../apps/server/src/seed/scale.ts';
import { ROOT } from './lib.ts';

/**
 * npm run seed:scale -- [--schools 10000] [--data-dir .data-scale]: a region's year of data
 * beside the demo, in a database of its own (DATABASE_URL, else the embedded one under the
 * data directory), for measuring the back office at scale. Serve it afterwards with
 * `DATA_DIR=<the data directory> npm start`.
 */
const USAGE = 'Usage: npm run seed:scale -- [--schools <count>] [--data-dir <folder>]';

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        schools: { type: 'string', default: '10000' },
        'data-dir': { type: 'string', default: '.data-scale' },
      },
      strict: true,
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(1);
  }
})();
const schools = Number(values.schools);
if (!Number.isInteger(schools) || schools < 1 || schools > 1_000_000) {
  console.error(`--schools takes a whole number from 1 to 1,000,000.\n${USAGE}`);
  process.exit(1);
}
process.env.DATA_DIR = path.resolve(ROOT, values['data-dir']);

const config = loadConfigOrExit();

const started = Date.now();
const say = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`);
const { ctx, shutdown } = await boot(config, { workers: false });
let code = 0;
try {
  const counts = await seedScale(ctx.db, scaleOf(schools), {
    storage: ctx.storage,
    tag: `scale${Date.now().toString(36)}`,
    progress: say,
  });
  say(`done: ${JSON.stringify(counts)}`);
  console.log(`Accounts sign in with the password ${SCALE_PASSWORD}; staff as the demo's (admin@example.com).`);
  console.log(`Serve it with: DATA_DIR=${config.dataDir} npm start`);
} catch (error) {
  code = 1;
  console.error(error);
} finally {
  await shutdown();
}
process.exit(code);
