import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countLogSince } from './log-size.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'log-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string | Buffer) => {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
};

describe('countLogSince', () => {
  it('counts a large log line by line, as the whole-string split did', async () => {
    // Lines of varied length, so that line ends fall everywhere across the read chunks.
    const line = (i: number) => `{"level":30,"msg":"request completed","i":${i},"pad":"${'x'.repeat(i % 97)}"}\n`;
    const count = 300_000;
    const text = Array.from({ length: count }, (_, i) => line(i)).join('');
    const file = write('big.log', text);
    expect(await countLogSince(file)).toEqual({ lines: count, bytes: Buffer.byteLength(text) });

    const skip = Buffer.byteLength(line(0) + line(1) + line(2));
    expect(await countLogSince(file, skip)).toEqual({ lines: count - 3, bytes: Buffer.byteLength(text) - skip });
  });

  it('counts a last line without its newline, and no empty lines', async () => {
    expect(await countLogSince(write('a.log', 'one\n\ntwo\n\n\nthree'))).toEqual({ lines: 3, bytes: 16 });
    expect(await countLogSince(write('b.log', ''))).toEqual({ lines: 0, bytes: 0 });
    expect(await countLogSince(write('c.log', '\n\n'))).toEqual({ lines: 0, bytes: 2 });
  });

  it('counts from a point inside a line as the rest of that line', async () => {
    expect(await countLogSince(write('d.log', 'first line\nsecond\n'), 6)).toEqual({ lines: 2, bytes: 12 });
  });
});
