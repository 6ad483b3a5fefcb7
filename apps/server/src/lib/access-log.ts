import type { FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';
import { redactUrl } from './redact.ts';

/**
 * One line per request, written when it completes: method, URL with secrets redacted,
 * status and time. (Fastify's default is two lines, which costs as much as the request.)
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
