import path from 'node:path';
import type { Readable } from 'node:stream';
import { MSG } from '@portal/contracts/messages';
import { AppError } from '../errors.ts';

/** A stored file as it is read back: its bytes as a stream, and what is known about them. */
export interface StoredFile {
  body: Readable;
  size: number;
  contentType: string;
  lastModified: Date | undefined;
}

/**
 * Where every file the portal keeps goes: the catalogue's pictures and overviews, and the
 * files schools upload with their orders. Keys are relative paths such as
 * `products/primary-planner-1.svg`; see `isStorageKey` for what a key may hold.
 */
export interface FileStorage {
  /**
   * Stores the bytes under the key, replacing what was there; readers see the old or the new
   * file, never half of one. A store that fails (a folder that cannot be written, a bucket
   * down or missing) is a StorageUnavailableError with MSG.fileNotStored.
   */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when nothing is stored under the key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; removing a missing file is no error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Lets go of connections, if it holds any. */
  close(): void;
}

/**
 * The storage could not do what was asked (a bucket that cannot be reached, refused
 * credentials): 503, so that the client tries again later. The cause is logged, never shown.
 */
export class StorageUnavailableError extends AppError {
  constructor(cause: unknown, message: string = MSG.storageUnavailable) {
    super(503, message);
    this.cause = cause;
  }
}

/** One path segment: letters, digits, dot, dash and underscore, not starting with a dot. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Whether a key is one we would ever store under: short, relative, with plain segments
 * that neither climb out (`..`) nor hide (dotfiles), so that it names the same file in a
 * folder and in a bucket.
 */
export function isStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 300) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key.slice(0, 100))}`);
}

const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.txt': 'text/plain; charset=utf-8',
};

/** The content type a file name's extension stands for; a folder keeps no other record of it. */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}
