import path from 'node:path';
import type { Config } from '../../config.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalFileStorage } from './local-storage.ts';
import { S3FileStorage } from './s3-storage.ts';

/** Where files go when no bucket is configured: DATA_DIR/uploads. */
export const uploadsDir = (config: Config) => path.join(config.dataDir, 'uploads');

/** A bucket when S3_BUCKET is set, otherwise the uploads folder. */
export function createFileStorage(config: Config): FileStorage {
  return config.s3 ? new S3FileStorage(config.s3) : new LocalFileStorage(uploadsDir(config));
}
