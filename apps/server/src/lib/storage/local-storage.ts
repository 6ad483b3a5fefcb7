import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MSG } from '@portal/contracts/messages';
import {
  assertStorageKey,
  contentTypeOf,
  type FileStorage,
  StorageUnavailableError,
  type StoredFile,
} from './file-storage.ts';

const isMissing = (error: unknown) => {
  const code = (error as { code?: string }).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
};

/**
 * Files in a folder (DATA_DIR/uploads by default). A file is written beside its target
 * under a temporary dot-name and renamed into place, so a reader never meets half of one.
 * The content type is read from the extension.
 */
export class LocalFileStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(temp, body, { flag: 'wx' });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => {});
      // A full disk, a folder that cannot be written: the caller may try again later.
      throw new StorageUnavailableError(error, MSG.fileNotStored);
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    // Open first, then ask the open file: a rename or delete in between cannot mix two files.
    const handle = await open(file, 'r').catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (!handle) return null;
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return {
        body: handle.createReadStream(),
        size: info.size,
        contentType: contentTypeOf(file),
        lastModified: info.mtime,
      };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  close(): void {}
}
