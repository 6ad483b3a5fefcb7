import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { packageBinaries } from '../../src/db/embedded-binaries.ts';
import { spawnServer } from '../helpers/server-process.ts';

// mkdtemp makes a folder only its owner may enter, like a home directory.
const privateDir = mkdtempSync(path.join(os.tmpdir(), 'portal-private-'));
afterAll(() => rmSync(privateDir, { recursive: true, force: true }));

const mode = (file: string) => statSync(file).mode & 0o7777;

/** The platform package copied into the private folder, as a checkout there would hold it. */
async function privateBinaries() {
  const own = await packageBinaries();
  const pkg = path.dirname(path.dirname(path.dirname(own.postgres)));
  const copy = path.join(privateDir, 'checkout/node_modules/pg-package');
  cpSync(pkg, copy, { recursive: true, verbatimSymlinks: true });
  const moved = (file: string) => path.join(copy, path.relative(pkg, file));
  return { initdb: moved(own.initdb), postgres: moved(own.postgres) };
}

describe('the embedded database in a private folder', () => {
  it('starts, keeps its data and restarts with binaries and DATA_DIR below a folder the database user cannot enter', async () => {
    const binaries = await privateBinaries();
    const dataDir = path.join(privateDir, 'data');
    mkdirSync(dataDir, { mode: 0o700 });

    const first = await startEmbeddedPostgres(dataDir, { binaries });
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query('create table kept (note text)');
    await client.query("insert into kept values ('still here')");
    await client.end();
    await first.stop();

    const second = await startEmbeddedPostgres(dataDir, { binaries });
    const again = new pg.Client({ connectionString: second.url });
    await again.connect();
    const { rows } = await again.query<{ note: string }>('select note from kept');
    await again.end();
    await second.stop();
    expect(rows).toEqual([{ note: 'still here' }]);

    // Nothing was opened up on the way: the owner's folders keep their modes.
    expect(mode(privateDir)).toBe(0o700);
    expect(mode(dataDir)).toBe(0o700);
  }, 120_000);

  it('says in one line what to do when the database cannot start, with no stack', async () => {
    const dataDir = path.join(privateDir, 'broken');
    mkdirSync(path.join(dataDir, 'postgres'), { recursive: true, mode: 0o700 });
    writeFileSync(path.join(dataDir, 'postgres/PG_VERSION'), '9.6\n');
    const { child, output } = spawnServer({ PORT: '0', DATA_DIR: dataDir, NODE_ENV: 'test' });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    const lines = output()
      .split('\n')
      .filter((l) => l.trim());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^The server could not start: PostgreSQL stopped while starting \(.+\): check .+DATABASE_URL/,
    );
    expect(output()).not.toMatch(/\n\s+at /);
  }, 60_000);
});
