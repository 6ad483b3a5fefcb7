import path from 'node:path';
import type { Config } from '../../config.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalFileStorage } from './local-storage.ts';

/** Where files go when no bucket is configured: DATA_DIR/uploads. */
export const uploadsDir = (config: Config) => path.join(config.dataDir, 'uploads');

/**
 * A bucket when S3_BUCKET is set, otherwise the uploads folder. The S3 client is loaded
 * only for a bucket: it holds several megabytes of memory a server without one never uses.
 */
export async function createFileStorage(config: Config): Promise<FileStorage> {
  if (!config.s3) return new LocalFileStorage(uploadsDir(config));
  const { S3FileStorage } = await import('./s3-storage.ts');
  return new S3FileStorage(config.s3);
}
