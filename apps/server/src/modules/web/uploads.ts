import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { isStorageKey } from '../../lib/storage/file-storage.ts';

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * The folders of the storage anyone may read: the catalogue's pictures and overviews.
 * Schools' order files live beside them and are served only to their owners
 * (`/api/orderfile/...`).
 */
export const PUBLIC_FOLDERS = ['categories', 'products', 'overviews'];

const isPublicKey = (key: string) => isStorageKey(key) && PUBLIC_FOLDERS.some((folder) => key.startsWith(`${folder}/`));

/**
 * Serves `/uploads/<key>` from the file storage, folder or bucket alike. The names are
 * generated and never reused, so a file may be cached for a year; a missing file, a key
 * outside the public folders, or one that tries to climb out gets the Page not found answer.
 */
export function registerUploads(app: FastifyInstance, ctx: AppContext) {
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = isPublicKey(key) ? await ctx.storage.get(key) : null;
    if (!file) return reply.callNotFound();

    const etag = `W/"${file.size.toString(16)}-${(file.lastModified?.getTime() ?? 0).toString(16)}"`;
    reply.header('cache-control', `public, max-age=${YEAR_S}, immutable`).header('etag', etag);
    if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
    if (request.headers['if-none-match'] === etag) {
      file.body.destroy();
      return reply.code(304).send();
    }
    return reply.type(file.contentType).header('content-length', file.size).send(file.body);
  });
}
