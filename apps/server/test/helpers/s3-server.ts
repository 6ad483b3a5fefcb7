import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/lib/storage/s3-storage.ts';

/** s3rver's fixed credentials: it checks every request's signature against them. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3Server {
  settings: S3Settings;
  /** The environment that points the server's configuration at this bucket. */
  env: Record<string, string>;
  /** The folder s3rver keeps the bucket's objects in. */
  directory: string;
  close(): Promise<void>;
}

/** A real S3-compatible server on a free port, with one empty bucket, its files in a temporary folder. */
export async function startS3Server(bucket = 'portal-test-files'): Promise<S3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: { bucket, endpoint, region: 'us-east-1', ...CREDENTIALS },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    directory,
    async close() {
      // Clients keep their connections open; they must not hold the server up.
      server.httpServer.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
