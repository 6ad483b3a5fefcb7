import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { MSG } from '@portal/contracts/messages';
import { assertStorageKey, type FileStorage, StorageUnavailableError, type StoredFile } from './file-storage.ts';

export interface S3Settings {
  bucket: string;
  /** For a service other than AWS (MinIO, R2, a local server); AWS's own endpoint otherwise. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither; with neither the SDK's usual credential chain applies. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Files in an S3-compatible bucket, addressed path-style (`endpoint/bucket/key`), which
 * every such service understands. Checksums are sent and checked only where S3 requires
 * them, as services other than AWS do not all know the newer checksum headers.
 */
export class S3FileStorage implements FileStorage {
  readonly bucket: string;
  private readonly client: S3Client;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      Body: body,
      ContentType: contentType,
      ContentLength: body.length,
    });
    try {
      await this.client.send(command);
    } catch (error) {
      // Down, refusing, or a bucket that is not there (a 404 too): the file is not stored.
      throw new StorageUnavailableError(error, MSG.fileNotStored);
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    assertStorageKey(key);
    try {
      const res = await this.call(() => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })));
      return {
        // In Node the SDK answers with a readable stream.
        body: res.Body as Readable,
        size: res.ContentLength ?? 0,
        contentType: res.ContentType ?? 'application/octet-stream',
        lastModified: res.LastModified,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.call(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  async exists(key: string): Promise<boolean> {
    assertStorageKey(key);
    try {
      await this.call(() => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** A request to the bucket; a bucket that cannot be reached or refuses is a StorageUnavailableError. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (isMissing(error)) throw error;
      throw new StorageUnavailableError(error);
    }
  }

  /** Closes the client's connections. */
  close(): void {
    this.client.destroy();
  }
}
