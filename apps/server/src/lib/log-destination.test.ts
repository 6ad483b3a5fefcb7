import fs, { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BatchedLogWriter } from './log-destination.ts';

let dir: string;
let file: string;
let fd: number;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'log-writer-'));
  file = path.join(dir, 'out.log');
  fd = openSync(file, 'a');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const read = () => readFileSync(file, 'utf8');
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('BatchedLogWriter', () => {
  it('writes a few lines after a short wait, not at once', async () => {
    const writer = new BatchedLogWriter(fd);
    writer.write('{"a":1}\n');
    writer.write('{"b":2}\n');
    expect(read()).toBe('');
    await until(() => read().length > 0);
    expect(read()).toBe('{"a":1}\n{"b":2}\n');
  });

  it('sends an error line at once, with the lines that waited before it', async () => {
    // With the batch's timer held still, only an immediate write can bring the lines out.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const writer = new BatchedLogWriter(fd);
      writer.write('{"level":30,"msg":"before"}\n');
      expect(read()).toBe('');
      writer.write('{"level":50,"msg":"it broke"}\n');
      for (let i = 0; i < 200 && !read().includes('it broke'); i++) await new Promise((r) => setImmediate(r));
    } finally {
      vi.useRealTimers();
    }
    expect(read()).toBe('{"level":30,"msg":"before"}\n{"level":50,"msg":"it broke"}\n');
  });

  it('writes many lines in order, whole, with no line twice', async () => {
    const writer = new BatchedLogWriter(fd);
    const lines = Array.from({ length: 5000 }, (_, i) => `{"n":${i},"text":"line ${'é'.repeat(i % 7)}"}\n`);
    for (const line of lines) writer.write(line);
    await until(() => read().length >= lines.join('').length);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(read()).toBe(lines.join(''));
  });

  it('flushSync writes what waits at once', () => {
    const writer = new BatchedLogWriter(fd);
    writer.write('last words\n');
    writer.flushSync();
    expect(read()).toBe('last words\n');
    writer.flushSync();
    expect(read()).toBe('last words\n');
  });

  it('waits for a full pipe and then writes the lines it could not', async () => {
    const realWrite = fs.write;
    let refusals = 0;
    const spy = vi.spyOn(fs, 'write').mockImplementation(((...args: Parameters<typeof fs.write>) => {
      const callback = args.at(-1) as (error: NodeJS.ErrnoException | null, written: number) => void;
      if (refusals++ < 2) {
        const error = Object.assign(new Error('try again'), { code: 'EAGAIN' });
        return void setImmediate(() => callback(error, 0));
      }
      return (realWrite as (...a: unknown[]) => void)(...args);
    }) as typeof fs.write);
    const writer = new BatchedLogWriter(fd);
    writer.write('kept\n');
    await until(() => read().length > 0);
    expect(read()).toBe('kept\n');
    expect(refusals).toBeGreaterThan(2);
    spy.mockRestore();
  });

  it('drops lines quietly when the descriptor cannot be written', async () => {
    const writer = new BatchedLogWriter(987_654);
    expect(writer.write('nowhere\n')).toBe(true);
    expect(() => writer.flushSync()).not.toThrow();
  });
});
