import type { FastifyReply } from 'fastify';
import { chooseEncoding, varyOnAcceptEncoding } from './accept-encoding.ts';
import { COMPRESS_MIN_BYTES, type Coding, compressInBackground } from './compress.ts';

/**
 * An answer made once and sent many times (a cached page's HTML, a cached JSON answer): the
 * text as it is, and its brotli and gzip copies, each made at the strongest settings the
 * first time a request accepts it and then kept. The cache entry that holds it is dropped
 * when its data changes, and the copies go with it.
 */
export class PreparedBody {
  /**
   * The answer as it is: small ones as a string, which goes out in one write with the
   * headers; larger ones as bytes, so that they are not encoded again on every request.
   */
  readonly identity: string | Buffer;
  /** Whether the answer is large enough for a compressed copy to be worth its headers. */
  readonly compressible: boolean;
  #copies: Partial<Record<Coding, Buffer | Promise<Buffer>>> = {};

  constructor(text: string) {
    this.compressible = Buffer.byteLength(text) > COMPRESS_MIN_BYTES;
    this.identity = this.compressible ? Buffer.from(text) : text;
  }

  /**
   * The copy in `coding`: the bytes once made; while they are being made, the one promise
   * every request waiting for them shares. A copy that failed is tried again next time.
   */
  encoded(coding: Coding): Buffer | Promise<Buffer> {
    const copy = this.#copies[coding];
    if (copy) return copy;
    const making = compressInBackground(this.identity, coding, 'once').then(
      (bytes) => {
        this.#copies[coding] = bytes;
        return bytes;
      },
      (error: unknown) => {
        delete this.#copies[coding];
        throw error;
      },
    );
    this.#copies[coding] = making;
    return making;
  }
}

function sendEncoded(reply: FastifyReply, coding: Coding, bytes: Buffer): FastifyReply {
  return reply.header('content-encoding', coding).send(bytes);
}

/**
 * Sends a prepared answer in the encoding the request accepts. Answered at once when that
 * copy is made; the first request for a copy waits while it is made.
 */
export function sendPrepared(reply: FastifyReply, body: PreparedBody): FastifyReply | Promise<FastifyReply> {
  varyOnAcceptEncoding(reply);
  const coding = body.compressible ? chooseEncoding(reply.request.headers['accept-encoding']) : 'identity';
  if (coding === 'identity') return reply.send(body.identity);
  const copy = body.encoded(coding);
  return Buffer.isBuffer(copy)
    ? sendEncoded(reply, coding, copy)
    : copy.then((bytes) => sendEncoded(reply, coding, bytes));
}
