import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { loadConfigOrExit } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { runMigrations, withStartupLock } from '../apps/server/src/db/migrate.ts';
import { AppError } from '../apps/server/src/lib/errors.ts';
import { createAdmin } from '../apps/server/src/modules/admin/create-admin.ts';

/**
 * npm run admin:create -- --email ops@example.com [--first-name Ann --last-name Lee]
 * Makes an administrator in the database the server uses (DATABASE_URL, or the embedded
 * one under DATA_DIR while the server is stopped). The password is typed at a prompt that
 * does not show it, or read from standard input; never from the command line, where it
 * would stay in the shell's history and the process list.
 */
const USAGE = 'Usage: npm run admin:create -- --email <address> [--first-name <name>] [--last-name <name>]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** A line typed at the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const mutable = rl as unknown as { _writeToOutput: (s: string) => void };
    let asked = false;
    mutable._writeToOutput = (s: string) => {
      if (!asked) process.stdout.write(s);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    asked = true;
  });
}

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const first = await promptHidden('Password: ');
    const again = await promptHidden('Password again: ');
    if (first !== again) fail('The passwords do not match.');
    return first;
  }
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/)[0] ?? '';
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string', default: '' },
        'last-name': { type: 'string', default: '' },
        password: { type: 'string' },
      },
      strict: true,
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
})();
if (values.password !== undefined)
  fail('The password is never given on the command line: type it at the prompt or pipe it in.');
if (!values.email) fail(USAGE);

const config = loadConfigOrExit();

const password = await readPassword();
let embedded: EmbeddedDatabase | undefined;
let url = config.databaseUrl;
if (!url) {
  try {
    embedded = await startEmbeddedPostgres(config.dataDir);
  } catch (error) {
    fail(
      `Could not open the embedded database under ${config.dataDir}: ${(error as Error).message}\nStop the server first, or set DATABASE_URL.`,
    );
  }
  url = embedded.url;
}
const db = createDatabase(url);
let code = 0;
try {
  await withStartupLock(db, () => runMigrations(db));
  const admin = await createAdmin(db, {
    email: values.email,
    password,
    first_name: values['first-name'],
    last_name: values['last-name'],
  });
  console.log(`Administrator ${admin.email} created. Sign in at ${config.publicUrl}/admin/login`);
} catch (error) {
  code = 1;
  if (error instanceof ZodError)
    console.error(error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'));
  else if (error instanceof AppError) console.error(error.message);
  else throw error;
} finally {
  await db.$client.end();
  await embedded?.stop();
}
process.exit(code);
