import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { UPLOADS_URL, uploadUrl } from '../../catalogue/product-picture.ts';

export type UploadFolder = 'products' | 'categories' | 'overviews';

/** A new storage key for a file staff upload: never their file's name, never one used before. */
export const newUploadKey = (folder: UploadFolder, owner: number, ext: string) =>
  `${folder}/uploaded/${owner}-${randomBytes(6).toString('hex')}.${ext}`;

/** Stores an upload and answers its address on the site. */
export async function storeUpload(ctx: AppContext, key: string, bytes: Buffer, contentType: string): Promise<string> {
  await ctx.storage.put(key, bytes, contentType);
  return uploadUrl(key);
}

/**
 * Runs the write that records files just stored; when it fails, the files are removed again
 * (and the failure passed on), so that no stored file is left that nothing points at. The
 * files are stored first, so that no record ever points at one that is not there.
 */
export async function recordStored<T>(ctx: AppContext, keys: string[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await Promise.all(keys.map((key) => ctx.storage.delete(key).catch(() => {})));
    throw error;
  }
}

/**
 * Removes a file the catalogue no longer points at, by its site address. Only files that
 * staff uploaded are removed (the demo's own stay with the seed); a failure is logged and
 * left, since an orphan costs only its space.
 */
export async function removeStoredUpload(ctx: AppContext, url: string, log: FastifyBaseLogger): Promise<void> {
  const prefix = `${UPLOADS_URL}/`;
  if (!url.startsWith(prefix)) return;
  const key = url.slice(prefix.length);
  if (!/^(products|categories|overviews)\/uploaded\//.test(key)) return;
  await ctx.storage
    .delete(key)
    .catch((error: unknown) => log.warn({ err: error, key }, 'a catalogue file was not removed'));
}
