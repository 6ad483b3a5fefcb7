import { spawn } from 'node:child_process';
import path from 'node:path';
import { USER_TYPE } from '@portal/contracts/constants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/client.ts';
import { audit_log, users } from '../../src/db/schema/index.ts';
import { verifyPassword } from '../../src/lib/password.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url);
});
afterAll(async () => {
  await db?.$client.end();
  await database?.drop();
});

/** npm run admin:create, as an operator runs it: arguments, the password piped in. */
function adminCreate(args: string[], stdin: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/admin-create.ts', ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        PUBLIC_URL: 'https://portal.example.com',
        NODE_ENV: 'test',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
    child.stdin.end(stdin);
  });
}

async function accountsWith(email: string): Promise<number> {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(sql`lower(email) = ${email}`);
  return count?.n ?? -1;
}

describe('npm run admin:create', () => {
  it('makes an administrator whose password is read from standard input and stored hashed', async () => {
    const result = await adminCreate(
      ['--email', 'Ops@Example.com', '--first-name', 'Ann', '--last-name', 'Lee'],
      'a-long-secret-9\n',
    );
    expect(result.code, result.out).toBe(0);
    expect(result.out).toContain(
      'Administrator ops@example.com created. Sign in at https://portal.example.com/admin/login',
    );
    expect(result.out).not.toContain('a-long-secret-9');
    const [admin] = await db.select().from(users).where(eq(users.email, 'ops@example.com'));
    expect(admin).toMatchObject({ usertype: USER_TYPE.admin, first_name: 'Ann', last_name: 'Lee', status: 1 });
    expect(admin?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin!.password_hash!, 'a-long-secret-9')).toBe(true);
    const audit = await db
      .select({ action: audit_log.action, entity: audit_log.entity })
      .from(audit_log)
      .where(eq(audit_log.entity_id, String(admin!.id)));
    expect(audit).toEqual([{ action: 'create', entity: 'account' }]);
  });

  // One process each: every run starts the project's Node and loads the server's modules.
  it('refuses a password given on the command line', async () => {
    const onLine = await adminCreate(['--email', 'x@example.com', '--password', 'secret-on-the-line'], '');
    expect(onLine.code).toBe(1);
    expect(onLine.out).toContain('never given on the command line');
    expect(await accountsWith('x@example.com')).toBe(0);
  });

  it('refuses a short password', async () => {
    const short = await adminCreate(['--email', 'short@example.com'], 'abc\n');
    expect(short.code).toBe(1);
    expect(short.out).toContain('password');
    expect(await accountsWith('short@example.com')).toBe(0);
  });

  it('refuses an e-mail already in use, whatever its capitals', async () => {
    const taken = await adminCreate(['--email', 'OPS@example.com'], 'another-long-secret\n');
    expect(taken.code).toBe(1);
    expect(taken.out).toContain('already exists');
    const [admin] = await db.select().from(users).where(eq(users.email, 'ops@example.com'));
    expect(await verifyPassword(admin!.password_hash!, 'a-long-secret-9')).toBe(true);
  });
});
