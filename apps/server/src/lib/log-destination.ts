import fs from 'node:fs';

const BATCH_BYTES = 16_384;
const BATCH_MS = 250;
const RETRY_MS = 10;
/** pino's error (50) and fatal (60) lines, which begin with their level. */
const URGENT = /^\{"level":[56]\d[,}]/;

/**
 * Log lines for a file descriptor (standard output in the running server), written in
 * batches: lines gather until 16 kB or a quarter of a second, then go out in one write, in
 * order, one write at a time. A write per line cost more than the rest of a cached answer;
 * appending to one growing string, as general-purpose streams do, costs as much again in
 * copying. flushSync() writes whatever is waiting before the process exits.
 */
export class BatchedLogWriter {
  readonly #fd: number;
  #lines: string[] = [];
  #length = 0;
  /** What the write in flight has yet to write. */
  #inFlight: Buffer | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(fd: number) {
    this.#fd = fd;
  }

  write(line: string): boolean {
    this.#lines.push(line);
    this.#length += line.length;
    // An error or fatal line goes out at once, with what waited before it: it may be the
    // last thing the process says, and whoever watches the log should not wait for it.
    if (this.#length >= BATCH_BYTES || URGENT.test(line)) this.#flush();
    else this.#timer ??= setTimeout(() => this.#flush(), BATCH_MS).unref();
    return true;
  }

  #take(): Buffer | undefined {
    if (this.#lines.length === 0) return undefined;
    const data = Buffer.from(this.#lines.join(''), 'utf8');
    this.#lines = [];
    this.#length = 0;
    return data;
  }

  #flush(): void {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    if (this.#inFlight) return; // the write in flight takes the rest when it completes
    const data = this.#take();
    if (data) this.#send(data);
  }

  #send(data: Buffer): void {
    this.#inFlight = data;
    fs.write(this.#fd, data, 0, data.length, null, (error, written) => {
      // A full pipe (the reader is behind) takes the rest a little later.
      if (error?.code === 'EAGAIN') return void setTimeout(() => this.#send(data), RETRY_MS).unref();
      const rest = error ? undefined : data.subarray(written);
      this.#inFlight = undefined;
      // A failed write (standard output closed) drops its lines: logging must never stop the server.
      if (rest?.length) return this.#send(rest);
      if (this.#length >= BATCH_BYTES) this.#flush();
      else if (this.#lines.length) this.#timer ??= setTimeout(() => this.#flush(), BATCH_MS).unref();
    });
  }

  /** Writes what is waiting, at once; for a clean stop or a fatal error. */
  flushSync(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    // A write already in flight is in the thread pool's hands and completes on its own.
    let data = this.#take();
    let waits = 0;
    while (data?.length) {
      try {
        data = data.subarray(fs.writeSync(this.#fd, data));
      } catch (error) {
        // A full pipe: wait for the reader, up to a second; anything else means standard output is gone.
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || ++waits > 1000 / RETRY_MS) return;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RETRY_MS);
      }
    }
  }
}

/** The running server's log destination: standard output, batched, flushed on exit. */
export function createLogDestination() {
  const stream = new BatchedLogWriter(1);
  const flush = () => stream.flushSync();
  process.once('exit', flush);
  return { stream, flush };
}
