import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitCodeOf } from './exit-code.mjs';

describe('exitCodeOf', () => {
  const said: string[] = [];
  const report = (line: string) => said.push(line);

  it('fails, with the reason, a child that could not be started', () => {
    const missing = spawnSync(path.join(os.tmpdir(), 'no-such-node-binary'), ['--version']);
    expect(missing.status).toBeNull();
    expect(missing.signal).toBeNull();
    expect(exitCodeOf(missing, 'node', report)).toBe(1);
    expect(said.at(-1)).toContain('ENOENT');
  });

  it('fails a child that is not executable', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-exit-'));
    const file = path.join(dir, 'node');
    writeFileSync(file, 'not a program');
    chmodSync(file, 0o644);
    try {
      expect(exitCodeOf(spawnSync(file, ['--version']), 'node', report)).toBe(1);
      expect(said.at(-1)).toContain('EACCES');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails a child stopped by a signal, and passes on the status of one that exited', () => {
    expect(exitCodeOf({ status: null, signal: 'SIGKILL' }, 'node', report)).toBe(1);
    expect(exitCodeOf({ status: 0, signal: null }, 'node', report)).toBe(0);
    expect(exitCodeOf({ status: 3, signal: null }, 'node', report)).toBe(3);
    expect(exitCodeOf({ status: null, signal: null }, 'node', report)).toBe(1);
  });
});

describe('scripts/bootstrap.mjs', () => {
  it('fails when the project’s Node cannot be run, even after installing', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'portal-bootstrap-'));
    try {
      mkdirSync(path.join(root, 'scripts'));
      for (const file of ['bootstrap.mjs', 'exit-code.mjs']) {
        copyFileSync(path.join(import.meta.dirname, file), path.join(root, 'scripts', file));
      }
      writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'probe', private: true }));
      writeFileSync(
        path.join(root, 'package-lock.json'),
        JSON.stringify({ name: 'probe', lockfileVersion: 3, requires: true, packages: { '': { name: 'probe' } } }),
      );
      writeFileSync(path.join(root, 'scripts', 'ok.ts'), '');
      // A binary that exists and cannot run: the case a check of its existence alone let through.
      mkdirSync(path.join(root, 'node_modules', '.bin'), { recursive: true });
      writeFileSync(path.join(root, 'node_modules', '.bin', 'node'), 'not a program');
      chmodSync(path.join(root, 'node_modules', '.bin', 'node'), 0o644);
      writeFileSync(path.join(root, 'node_modules', '.package-lock.json'), '{}');

      const run = spawnSync(process.execPath, [path.join(root, 'scripts', 'bootstrap.mjs'), 'scripts/ok.ts'], {
        cwd: root,
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('does not run');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});
