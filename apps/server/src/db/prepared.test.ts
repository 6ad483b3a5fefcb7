import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('named prepared statements', () => {
  it('have names of their own: a connection keeps one statement per name', () => {
    const names: string[] = [];
    for (const file of sourceFiles(SOURCE)) {
      for (const call of readFileSync(file, 'utf8').matchAll(/\.prepare\(([^)]*)\)/g)) {
        for (const name of (call[1] ?? '').matchAll(/'([^']+)'/g)) if (name[1]) names.push(name[1]);
      }
    }
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });
});
