import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MSG } from '@portal/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.ts';
import { order_files } from '../../src/db/schema/index.ts';
import { uploadsDir } from '../../src/lib/storage/create-file-storage.ts';
import { type FileStorage, StorageUnavailableError } from '../../src/lib/storage/file-storage.ts';
import { LocalFileStorage } from '../../src/lib/storage/local-storage.ts';
import { S3FileStorage } from '../../src/lib/storage/s3-storage.ts';
import { bearer, signedInSchool } from '../helpers/accounts.ts';
import { createCatalogueApp, insertCategory, insertProduct } from '../helpers/catalogue.ts';
import { type S3Server, startS3Server } from '../helpers/s3-server.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { newOrder, SAMPLES, uploadFile, uploadOk } from '../helpers/uploads.ts';

const read = async (body: Readable) => Buffer.concat(await body.toArray());

let folder: string;
let s3: S3Server;
const adapters: Record<string, () => FileStorage> = {};
const made: FileStorage[] = [];

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'portal-storage-'));
  s3 = await startS3Server();
  adapters.folder = () => new LocalFileStorage(folder);
  adapters.bucket = () => new S3FileStorage(s3.settings);
});
afterAll(async () => {
  for (const storage of made) storage.close();
  await s3?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe.each(['folder', 'bucket'])('FileStorage in a %s', (kind) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = adapters[kind]!();
    made.push(storage);
  });

  it('gives back what was put, with its size, content type and date', async () => {
    const bytes = Buffer.from('%PDF-1.7 a small document\n');
    await storage.put('order-files/contract-a.pdf', bytes, 'application/pdf');
    const file = await storage.get('order-files/contract-a.pdf');
    expect(file).not.toBeNull();
    expect(file!.size).toBe(bytes.length);
    expect(file!.contentType).toBe('application/pdf');
    expect(file!.lastModified).toBeInstanceOf(Date);
    expect(await read(file!.body)).toEqual(bytes);
    expect(await storage.exists('order-files/contract-a.pdf')).toBe(true);
  });

  it('keeps binary content byte for byte', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    await storage.put('products/contract-binary.png', bytes, 'image/png');
    const file = await storage.get('products/contract-binary.png');
    expect(file!.contentType).toBe('image/png');
    expect(await read(file!.body)).toEqual(bytes);
  });

  it('answers null for a file that was never stored, and says it does not exist', async () => {
    expect(await storage.get('order-files/never-stored.pdf')).toBeNull();
    expect(await storage.get('no-such-folder/never-stored.pdf')).toBeNull();
    expect(await storage.exists('order-files/never-stored.pdf')).toBe(false);
  });

  it('replaces a file put twice under one key', async () => {
    await storage.put('order-files/contract-b.gif', Buffer.from('GIF89a first'), 'image/gif');
    await storage.put('order-files/contract-b.gif', Buffer.from('GIF89a second, longer'), 'image/gif');
    const file = await storage.get('order-files/contract-b.gif');
    expect(file!.size).toBe('GIF89a second, longer'.length);
    expect((await read(file!.body)).toString()).toBe('GIF89a second, longer');
  });

  it('deletes a file, and deleting a missing one is no error', async () => {
    await storage.put('order-files/contract-c.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    await storage.put('order-files/contract-d.pdf', Buffer.from('%PDF-1.4 kept'), 'application/pdf');
    await storage.delete('order-files/contract-c.pdf');
    expect(await storage.get('order-files/contract-c.pdf')).toBeNull();
    expect(await storage.exists('order-files/contract-c.pdf')).toBe(false);
    await expect(storage.delete('order-files/contract-c.pdf')).resolves.toBeUndefined();
    // Its neighbour is untouched.
    expect((await read((await storage.get('order-files/contract-d.pdf'))!.body)).toString()).toBe('%PDF-1.4 kept');
  });

  it.each([
    '',
    '../outside.pdf',
    'order-files/../../outside.pdf',
    '.env',
    'products/.draft.svg',
    'a//b.pdf',
    '/abs.pdf',
    'a\\b.pdf',
    'nul\u0000.pdf',
  ])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/not a storage key/);
    await expect(storage.get(key)).rejects.toThrow(/not a storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/not a storage key/);
  });
});

describe('FileStorage in a folder', () => {
  it('writes through a temporary file and a rename: a reader keeps the file it opened, and nothing is left over', async () => {
    const storage = new LocalFileStorage(folder);
    const before = Buffer.alloc(200_000, 'a');
    await storage.put('overviews/atomic.pdf', before, 'application/pdf');
    const opened = await storage.get('overviews/atomic.pdf');
    await storage.put('overviews/atomic.pdf', Buffer.alloc(100, 'b'), 'application/pdf');
    expect(await read(opened!.body)).toEqual(before);
    expect((await read((await storage.get('overviews/atomic.pdf'))!.body)).toString()).toBe('b'.repeat(100));
    expect(readdirSync(path.join(folder, 'overviews'))).toEqual(['atomic.pdf']);
  });
});

describe('the server with S3_BUCKET set', () => {
  let t: TestApp;
  let bucket: S3FileStorage;
  beforeAll(async () => {
    t = await createCatalogueApp({ env: s3.env });
    bucket = new S3FileStorage(s3.settings);
    made.push(bucket);
  }, 60_000);
  afterAll(() => t?.close());

  it('keeps nothing in the uploads folder', () => {
    expect(t.config.s3?.bucket).toBe(s3.settings.bucket);
    expect(existsSync(uploadsDir(t.config)) ? readdirSync(uploadsDir(t.config)) : []).toEqual([]);
  });

  it('serves the catalogue’s pictures from the bucket at /uploads/, with a year’s cache and an ETag', async () => {
    const res = await t.api.get('/uploads/products/primary-planner-galaxy-1.webp');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.toString('latin1', 0, 4) + res.rawPayload.toString('latin1', 8, 12)).toBe('RIFFWEBP');
    const again = await t.api.get('/uploads/products/primary-planner-galaxy-1.webp', {
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await t.api.get('/uploads/products/no-such-picture.svg')).statusCode).toBe(404);
  });

  it('stores an order file in the bucket, gives it back to its school, and removes it from there', async () => {
    const school = await signedInSchool(t);
    const orderKey = await newOrder(t, school.token);
    const file = await uploadOk(t, school.token, orderKey, 'cover_optn', {
      filename: 'cover.png',
      content: SAMPLES.png,
    });
    const object = await bucket.get(`order-files/${file.file_path_raw}`);
    expect(object?.contentType).toBe('image/png');
    expect(await read(object!.body)).toEqual(SAMPLES.png);

    const download = await t.api.get(file.file_path, { headers: bearer(school.token) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload).toEqual(SAMPLES.png);

    const removed = await t.api.post('/api/removefile', {
      headers: bearer(school.token),
      body: { file_path_raw: file.file_path_raw },
    });
    expect(removed.statusCode).toBe(200);
    expect(await bucket.exists(`order-files/${file.file_path_raw}`)).toBe(false);
  });
});

describe('a bucket that cannot be reached', () => {
  it('is a StorageUnavailableError (503), never a stack trace', async () => {
    const storage = new S3FileStorage({ ...s3.settings, endpoint: `http://127.0.0.1:${await freePort()}` });
    made.push(storage);
    const put = storage.put('order-files/unreachable.pdf', SAMPLES.pdf, 'application/pdf');
    await expect(put).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(put).rejects.toMatchObject({ statusCode: 503, message: MSG.fileNotStored });
    await expect(storage.get('order-files/unreachable.pdf')).rejects.toMatchObject({
      statusCode: 503,
      message: MSG.storageUnavailable,
    });
  });

  it('is a StorageUnavailableError (503) when the bucket is missing, not a missing file', async () => {
    const storage = new S3FileStorage({ ...s3.settings, bucket: 'no-such-bucket' });
    made.push(storage);
    await expect(storage.put('order-files/nowhere.pdf', SAMPLES.pdf, 'application/pdf')).rejects.toMatchObject({
      statusCode: 503,
      message: MSG.fileNotStored,
    });
  });

  it('refuses an upload with 503 and records nothing', async () => {
    const port = await freePort();
    const t = await createTestApp({ env: { ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${port}` } });
    try {
      const product = await insertProduct(t, (await insertCategory(t)).id);
      const school = await signedInSchool(t);
      const orderKey = await newOrder(t, school.token, product.product_slug);
      const res = await uploadFile(t, {
        token: school.token,
        fields: { order_key: orderKey, file_type: 'custom_pages' },
        file: { filename: 'a.pdf', content: SAMPLES.pdf },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', message: MSG.fileNotStored });
      expect(await t.db.select().from(order_files)).toEqual([]);
    } finally {
      await t.close();
    }
  }, 60_000);
});
