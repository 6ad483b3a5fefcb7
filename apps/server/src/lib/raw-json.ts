import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that was serialised and encoded ahead of time (a cached answer): Fastify
 * passes a Buffer through untouched, and the socket need not encode it again on every
 * request. The route's response schema still documents its shape.
 */
export function sendRawJson(reply: FastifyReply, json: Buffer | string) {
  return reply.type('application/json; charset=utf-8').send(json as never);
}
