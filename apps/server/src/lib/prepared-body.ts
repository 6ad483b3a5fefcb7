import type { FastifyReply } from 'fastify';
import { chooseEncoding, varyOnAcceptEncoding } from './accept-encoding.ts';
import { COMPRESS_MIN_BYTES, type Coding, compressInBackground, compressNow } from './compress.ts';

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
    return this.#copies[coding] ?? this.#make(coding);
  }

  /** The copy in `coding` if it is made; otherwise undefined, and its making is under way. */
  ready(coding: Coding): Buffer | undefined {
    const copy = this.encoded(coding);
    if (Buffer.isBuffer(copy)) return copy;
    // Nobody waits for it here: a copy that fails is only tried again by a later request.
    copy.catch(() => {});
    return undefined;
  }

  #make(coding: Coding): Promise<Buffer> {
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
 * Sends a prepared answer in the encoding the request accepts: the strongest copy once it
 * is made. The requests that come while it is being made (the first after a change) do
 * not wait for it: each is compressed at once, at the settings of an answer made per
 * request, a few milliseconds where the strongest copy of a large page takes a hundred.
 */
export function sendPrepared(reply: FastifyReply, body: PreparedBody): FastifyReply {
  varyOnAcceptEncoding(reply);
  const coding = body.compressible ? chooseEncoding(reply.request.headers['accept-encoding']) : 'identity';
  if (coding === 'identity') return reply.send(body.identity);
  return sendEncoded(reply, coding, body.ready(coding) ?? compressNow(body.identity, coding, 'perRequest'));
}
