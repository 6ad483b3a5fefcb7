import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
/** What people read: the web app's screens, the e-mails and messages, and the demo data. */
const SOURCES = ['apps/web/src', 'apps/web/index.html', 'apps/server/src', 'packages/contracts/src'];

/**
 * British spellings, each with the American one the site uses. 'Catalogue' is left out:
 * it names code (modules, query keys) that nobody reads on screen.
 */
const BRITISH =
  /\b(neighbour\w*|organis\w*|colour\w*|programmes?\b|recognis\w*|favourit\w*|behaviour\w*|licence|enrolment\w*|labelled|travell\w*|centre|cheques?)\b/gi;

function files(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!readdirSync(path.dirname(full)).includes(path.basename(full))) return [];
  try {
    return readdirSync(full, { withFileTypes: true }).flatMap((e) =>
      e.name === 'node_modules' ? [] : files(path.join(entry, e.name)),
    );
  } catch {
    return /\.(tsx?|html|css)$/.test(entry) && !entry.endsWith('.test.ts') ? [entry] : [];
  }
}

describe('the copy', () => {
  it('is American English, demo data included', () => {
    const found: string[] = [];
    for (const file of SOURCES.flatMap(files)) {
      const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        // ARIA's own attribute is spelled aria-labelledby.
        for (const match of line.replaceAll('aria-labelledby', '').matchAll(BRITISH)) {
          found.push(`${file}:${i + 1} ${match[0]}`);
        }
      });
    }
    expect(found).toEqual([]);
  });
});
