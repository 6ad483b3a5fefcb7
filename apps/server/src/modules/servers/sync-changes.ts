import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChangeFeed } from '../../lib/change-feed.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const BACK_OFFICE = '/api/admin/';

/**
 * A change that drops cached answers (a page, a product, a session) is answered only once
 * its notice has left PostgreSQL for every server (`ChangeFeed.sync`), so that the next
 * request, whichever server takes it, is answered from the changed data (decision 023).
 * Only requests during which a writer of this process touched the feed wait, and every
 * back-office write, whose tables' notices come from their triggers (the staff answers,
 * `staff-answers.ts`): one round trip to the database, never for reads.
 */
export function registerChangeSync(
  app: FastifyInstance,
  feed: ChangeFeed,
  /**
   * Caches this server drops itself after any successful change, before it is answered: a
   * writer's next read here never waits for the notice its change sends (the schools' lists
   * of orders, which the reservation form's saves change and must not wait on the feed for).
   */
  droppedOnEveryChange: { clear(): void }[] = [],
): void {
  const touchesBefore = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', async (request) => {
    if (!SAFE.has(request.method)) touchesBefore.set(request, feed.localTouches);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const before = touchesBefore.get(request);
    if (before === undefined || reply.statusCode >= 400) return payload;
    for (const cache of droppedOnEveryChange) cache.clear();
    if (before !== feed.localTouches || request.url.startsWith(BACK_OFFICE)) await feed.sync();
    return payload;
  });
}
