import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';
import pino from 'pino';
import { redactUrl } from './redact.ts';

const { chindingsSym, streamSym } = pino.symbols;
const INFO = pino.levels.values.info;

/**
 * The access line of a successful request, in pino's own format (level, time, the
 * request logger's bindings with reqId, our fields, msg), written straight to the
 * logger's stream. It is the one line every request writes, and assembling it here costs a
 * fraction of pino's general path for arbitrary objects; the fields are few and known.
 */
function writeAccessLine(log: FastifyBaseLogger, request: FastifyRequest, reply: FastifyReply): boolean {
  const internals = log as unknown as Record<symbol, unknown>;
  const stream = internals[streamSym] as { write(line: string): unknown } | undefined;
  // The logger's bindings as pino writes them: `,"pid":…,"hostname":…,"reqId":…`.
  const bindings = internals[chindingsSym] as string | undefined;
  if (!stream || bindings === undefined) return false;
  stream.write(
    `{"level":${INFO},"time":${Date.now()}${bindings},"method":${JSON.stringify(request.method)},"url":${JSON.stringify(
      redactUrl(request.url),
    )},"status":${reply.statusCode},"ms":${Math.round(reply.elapsedTime * 10) / 10},"msg":"request"}\n`,
  );
  return true;
}

/**
 * One line per request, written when it completes: method, URL with secrets redacted,
 * status and time. (Fastify's default is two lines, which costs as much as the request.)
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const log = reply.log as pino.Logger;
    if (!error) {
      if (!log.isLevelEnabled('info') || writeAccessLine(log, request, reply)) return;
    }
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) log.error({ ...line, err: error }, 'request errored');
    else log.info(line, 'request');
  }
}
