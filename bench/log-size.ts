import { createReadStream } from 'node:fs';

const NEWLINE = 0x0a;

/**
 * The lines and bytes a log file gained from byte `from` on. Read in chunks: a long run
 * writes gigabytes, more than one string (or one buffer) can hold. Empty lines are not
 * counted; a last line without its newline is.
 */
export async function countLogSince(file: string, from = 0): Promise<{ lines: number; bytes: number }> {
  let lines = 0;
  let bytes = 0;
  let inLine = false;
  for await (const chunk of createReadStream(file, { start: from }) as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    let start = 0;
    for (let nl = chunk.indexOf(NEWLINE, start); nl !== -1; nl = chunk.indexOf(NEWLINE, start)) {
      if (inLine || nl > start) lines++;
      inLine = false;
      start = nl + 1;
    }
    if (start < chunk.length) inLine = true;
  }
  if (inLine) lines++;
  return { lines, bytes };
}
