import zlib from 'node:zlib';

/** The compressed codings the server makes. */
export type Coding = 'br' | 'gzip';

/** Answers of this many bytes or fewer go out as they are: a compressed copy would save less than its headers cost. */
export const COMPRESS_MIN_BYTES = 1024;

/** HTML, JSON (and `+json` types such as problem+json) and CSV: the dynamic answers worth compressing. */
const COMPRESSIBLE_TYPE = /^\s*(?:text\/(?:html|csv)|application\/(?:[\w.-]+\+)?json)\s*(?:;|$)/i;

export function isCompressibleType(contentType: unknown): boolean {
  return typeof contentType === 'string' && COMPRESSIBLE_TYPE.test(contentType);
}

/**
 * How hard to compress. Measured on the API's answers (1–100 kB of JSON, the pages' HTML):
 * - per request, brotli 5 takes 50–130 µs for 1–20 kB, about twice gzip 6, for copies
 *   10–12 % smaller; brotli 4 costs as much and saves no more than gzip. Compressing on the
 *   thread pool costs several times the CPU of compressing in line at these sizes.
 * - once per cached answer, brotli 11 takes about 3 ms for a page's HTML and 25 ms for the
 *   largest listing (20 kB), for copies 10 % smaller than brotli 5; it runs on the thread
 *   pool; the requests that come meanwhile are compressed at the per-request settings.
 */
const EFFORT = {
  perRequest: { brotli: 5, gzip: 6 },
  once: { brotli: zlib.constants.BROTLI_MAX_QUALITY, gzip: 9 },
} as const;
export type Effort = keyof typeof EFFORT;

/** A window no larger than the body: brotli's default 4 MB window only costs time on small answers. */
function brotliWindowBits(size: number): number {
  const { BROTLI_MIN_WINDOW_BITS, BROTLI_MAX_WINDOW_BITS } = zlib.constants;
  return Math.min(BROTLI_MAX_WINDOW_BITS, Math.max(BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 1))));
}

function brotliOptions(size: number, effort: Effort): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: EFFORT[effort].brotli,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
      [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(size),
    },
  };
}

/** Compresses in line, on the event loop: the cheaper way for answers of a few kB. */
export function compressNow(body: Buffer | string, coding: Coding, effort: Effort): Buffer {
  return coding === 'br'
    ? zlib.brotliCompressSync(body, brotliOptions(Buffer.byteLength(body), effort))
    : zlib.gzipSync(body, { level: EFFORT[effort].gzip });
}

/** Compresses on the thread pool, leaving the event loop to other requests: for long work. */
export function compressInBackground(body: Buffer | string, coding: Coding, effort: Effort): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (coding === 'br') zlib.brotliCompress(body, brotliOptions(Buffer.byteLength(body), effort), done);
    else zlib.gzip(body, { level: EFFORT[effort].gzip }, done);
  });
}

/**
 * A compressing stream for an answer made as it is sent (a report's CSV, read from a cursor):
 * brotli 4 and gzip 6 keep up with the database at a few MB a second, and each chunk is
 * flushed only when the stream's buffer fills, so memory stays one window however long the file.
 */
export function compressingStream(coding: Coding): zlib.BrotliCompress | zlib.Gzip {
  return coding === 'br'
    ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
    : zlib.createGzip({ level: EFFORT.perRequest.gzip });
}
