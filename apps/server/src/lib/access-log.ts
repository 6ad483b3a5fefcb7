import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';
import pino from 'pino';
import { redactUrl } from './redact.ts';

const { chindingsSym, streamSym } = pino.symbols;
const INFO = pino.levels.values.info;

const signedIn = new WeakMap<FastifyRequest, number>();

/** Notes the user whose session a request carried, once it has resolved, for its access line. */
export function noteRequestUser(request: FastifyRequest, userId: number): void {
  signedIn.set(request, userId);
}

/** What the access line says of a request: with the user's id when it resolved a session. */
function accessFields(request: FastifyRequest, reply: FastifyReply) {
  const userId = signedIn.get(request);
  return {
    method: request.method,
    url: redactUrl(request.url),
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
    ...(userId === undefined ? {} : { user_id: userId }),
  };
}

/**
 * The access line of a successful request, in pino's own format (level, time, the
 * logger's bindings, reqId, the fields, msg), written straight to the logger's stream.
 * It is the one line every request writes, and assembling it here costs a fraction of
 * pino's general path for arbitrary objects.
 */
function writeAccessLine(root: FastifyBaseLogger, request: FastifyRequest, reply: FastifyReply): boolean {
  const internals = root as unknown as Record<symbol, unknown>;
  const stream = internals[streamSym] as { write(line: string): unknown } | undefined;
  // The root logger's bindings as pino writes them: `,"pid":…,"hostname":…`.
  const bindings = internals[chindingsSym] as string | undefined;
  if (!stream || bindings === undefined) return false;
  const fields = JSON.stringify(accessFields(request, reply)).slice(1, -1);
  stream.write(
    `{"level":${INFO},"time":${Date.now()}${bindings},"reqId":${JSON.stringify(request.id)},${fields},"msg":"request"}\n`,
  );
  return true;
}

/**
 * One line per request, written when it completes: method, URL with secrets redacted,
 * status, time and, for a signed-in request, the user's id. (Fastify's default is two lines, which costs as much as the request.)
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const root = request.server.log as pino.Logger;
    if (!error) {
      if (!root.isLevelEnabled('info') || writeAccessLine(root, request, reply)) return;
    }
    const line = accessFields(request, reply);
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
