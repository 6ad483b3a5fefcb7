import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that was serialised ahead of time (a cached answer). Fastify passes a string
 * through untouched when the content type is JSON; the route's response schema still
 * documents its shape.
 */
export function sendRawJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json as never);
}
