import { existsSync, readFileSync, rmSync } from 'node:fs';
import { errorLines, seenErrorsFile, serverLogFile } from './watch-errors.ts';

/** Error lines the server logged while no test was watching (between tests, at the end). */
function unseenServerErrors(): string[] {
  const log = serverLogFile();
  if (!log || !existsSync(log)) return [];
  const seen = new Set(existsSync(seenErrorsFile()) ? readFileSync(seenErrorsFile(), 'utf8').split('\n') : []);
  return errorLines(readFileSync(log, 'utf8')).filter((line) => !seen.has(line));
}

export default function globalTeardown() {
  const unseen = unseenServerErrors();
  const dir = process.env.E2E_DATA_DIR;
  if (dir?.includes('portal-e2e-')) rmSync(dir, { recursive: true, force: true });
  if (unseen.length) throw new Error(`The server logged errors outside any test:\n${unseen.join('\n')}`);
}
