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

/** Sends a kept answer that is the caller's own: held in this server's memory only, never in a shared or a browser's cache. */
export function sendOwnJson(reply: FastifyReply, json: PreparedBody) {
  return sendRawJson(reply.header('cache-control', 'private, no-store'), json);
}
