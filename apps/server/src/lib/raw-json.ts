import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that was serialised ahead of time (a cached answer); Fastify passes it through
 * untouched. Large answers are kept as Buffers, so that the socket need not encode them on
 * every request; small ones as strings, which go out in one write with the headers. The
 * route's response schema still documents its shape.
 */
export function sendRawJson(reply: FastifyReply, json: Buffer | string) {
  return reply.type('application/json; charset=utf-8').send(json as never);
}
