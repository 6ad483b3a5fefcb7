import type { FastifyReply } from 'fastify';
import { PreparedBody, sendPrepared } from './prepared-body.ts';

/** Serialises an answer once, for a cache to keep and send many times. */
export function prepareJson(answer: unknown): PreparedBody {
  return new PreparedBody(JSON.stringify(answer));
}

/**
 * Sends JSON that was serialised ahead of time (a cached answer) in the encoding the request
 * accepts; Fastify passes it through untouched. The route's response schema still documents
 * its shape.
 */
export function sendRawJson(reply: FastifyReply, json: PreparedBody) {
  return sendPrepared(reply.type('application/json; charset=utf-8'), json);
}
