import { pipeline, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { chooseEncoding, varyOnAcceptEncoding } from '../lib/accept-encoding.ts';
import {
  COMPRESS_MIN_BYTES,
  type Coding,
  compressInBackground,
  compressingStream,
  compressNow,
  isCompressibleType,
} from '../lib/compress.ts';

/**
 * Above this an answer is compressed on the thread pool. Below it compressing in line costs
 * less CPU (under half a millisecond at 64 kB); above it, holding up every other request
 * for a millisecond or more would cost more than the thread pool's overhead.
 */
const IN_LINE_MAX_BYTES = 64 * 1024;

/** Statuses whose answers have no body. */
const hasNoBody = (status: number) => status < 200 || status === 204 || status === 304;

/** Labels the answer with its coding; a length set earlier would be the text's, and Fastify writes the bytes'. */
function encodedAs(reply: FastifyReply, coding: Coding, bytes: Buffer): Buffer {
  reply.header('content-encoding', coding).removeHeader('content-length');
  return bytes;
}

/**
 * Compresses an HTML or JSON answer made for this request alone, in the encoding the
 * request accepts, at settings cheap enough to pay on every request. Cached answers come
 * already encoded (`lib/prepared-body.ts`) and static files from the build's copies, so
 * answers with a Content-Encoding, streams and files pass untouched.
 */
const compressAnswer: onSendHookHandler<unknown> = (request: FastifyRequest, reply: FastifyReply, payload, done) => {
  if (isStream(payload)) return done(null, compressStream(request, reply, payload));
  const isText = typeof payload === 'string' || Buffer.isBuffer(payload);
  if (!isText || reply.hasHeader('content-encoding') || !isCompressibleType(reply.getHeader('content-type'))) {
    return done(null, payload);
  }
  varyOnAcceptEncoding(reply);
  const size = Buffer.byteLength(payload);
  const coding =
    size > COMPRESS_MIN_BYTES && !hasNoBody(reply.statusCode)
      ? chooseEncoding(request.headers['accept-encoding'])
      : 'identity';
  if (coding === 'identity') return done(null, payload);
  if (size <= IN_LINE_MAX_BYTES)
    return done(null, encodedAs(reply, coding, compressNow(payload, coding, 'perRequest')));
  compressInBackground(payload, coding, 'perRequest').then(
    (bytes) => done(null, encodedAs(reply, coding, bytes)),
    done,
  );
};

const isStream = (payload: unknown): payload is Readable =>
  typeof payload === 'object' && payload !== null && typeof (payload as Readable).pipe === 'function';

/**
 * A stream of HTML, JSON or CSV made for this request (a report read from a cursor) goes out
 * compressed as it is made, when the request accepts it; files and already encoded streams
 * pass untouched. A failure of the source ends the compressed answer as well.
 */
function compressStream(request: FastifyRequest, reply: FastifyReply, source: Readable): Readable {
  if (reply.hasHeader('content-encoding') || !isCompressibleType(reply.getHeader('content-type'))) return source;
  varyOnAcceptEncoding(reply);
  const coding = hasNoBody(reply.statusCode) ? 'identity' : chooseEncoding(request.headers['accept-encoding']);
  if (coding === 'identity') return source;
  reply.header('content-encoding', coding).removeHeader('content-length');
  return pipeline(source, compressingStream(coding), () => {});
}

/** HTML, JSON and CSV answers above 1 kB go out compressed when the request accepts it (decision 008). */
export function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', compressAnswer);
}
