import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { audit_log, order_files, orders, product_images } from '../../src/db/schema/index.ts';
import type { FileStorage } from '../../src/lib/storage/file-storage.ts';
import { LocalFileStorage } from '../../src/lib/storage/local-storage.ts';
import { bearer, signedInSchool, signedInStaff } from '../helpers/accounts.ts';
import { createCatalogueApp, insertCategory, insertProduct } from '../helpers/catalogue.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { multipart, newOrder, SAMPLES, uploadFile } from '../helpers/uploads.ts';

/**
 * The real storage, failing on demand: with `failPut` its stores go to a folder whose place
 * is taken by a plain file (what a full or read-only disk does to a write), through the real
 * folder adapter; every key stored is noted, to check afterwards that none is left behind.
 */
class FaultyStorage implements FileStorage {
  failPut = false;
  readonly stored: string[] = [];
  readonly real: FileStorage;
  readonly #broken: LocalFileStorage;

  constructor(real: FileStorage, brokenRoot: string) {
    this.real = real;
    this.#broken = new LocalFileStorage(brokenRoot);
  }

  async put(key: string, body: Buffer, contentType: string) {
    if (this.failPut) return this.#broken.put(key, body, contentType);
    await this.real.put(key, body, contentType);
    this.stored.push(key);
  }
  get(key: string) {
    return this.real.get(key);
  }
  delete(key: string) {
    return this.real.delete(key);
  }
  exists(key: string) {
    return this.real.exists(key);
  }
  close() {
    this.real.close();
  }
}

/** Makes the next writes of a table fail as a database that is shutting down does, until `allowWrites`. */
async function refuseWrites(t: TestApp, table: 'order_files' | 'product_images') {
  await t.owner.execute(
    sql.raw(`create or replace function refuse_write() returns trigger language plpgsql as $$
      begin raise exception 'the database system is shutting down' using errcode = '57P03'; end $$;
      create trigger refuse_write before insert on ${table} for each row execute function refuse_write();`),
  );
}
async function allowWrites(t: TestApp, table: 'order_files' | 'product_images') {
  await t.owner.execute(sql.raw(`drop trigger if exists refuse_write on ${table}`));
}

let t: TestApp;
let storage: FaultyStorage;
let scratch: string;
beforeAll(async () => {
  t = await createCatalogueApp();
  scratch = mkdtempSync(path.join(os.tmpdir(), 'portal-upload-faults-'));
  const brokenRoot = path.join(scratch, 'not-a-folder');
  writeFileSync(brokenRoot, 'a file where the folder should be');
  storage = new FaultyStorage(t.ctx.storage, brokenRoot);
  t.ctx.storage = storage;
});
afterAll(async () => {
  await t?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});
afterEach(async () => {
  storage.failPut = false;
  storage.stored.length = 0;
  await allowWrites(t, 'order_files');
  await allowWrites(t, 'product_images');
});

/** Whether any of the keys stored meanwhile is still in the storage. */
const leftBehind = async () =>
  (await Promise.all(storage.stored.map(async (key) => ((await storage.real.exists(key)) ? key : null)))).filter(
    Boolean,
  );

describe('a school’s upload', () => {
  const filesOf = (orderKey: string) =>
    t.db
      .select({ id: order_files.id })
      .from(order_files)
      .innerJoin(orders, eq(orders.id, order_files.order_id))
      .where(eq(orders.order_key, orderKey));
  const uploadAudit = (schoolId: number) =>
    t.db
      .select({ id: audit_log.id })
      .from(audit_log)
      .where(and(eq(audit_log.actor_user_id, schoolId), eq(audit_log.action, 'upload')));
  const send = (token: string, orderKey: string) =>
    uploadFile(t, {
      token,
      fields: { order_key: orderKey, file_type: 'po_document' },
      file: { filename: 'po.pdf', content: SAMPLES.pdf },
    });

  it('answers a plain 503 when the file cannot be stored, and records nothing', async () => {
    const school = await signedInSchool(t);
    const orderKey = await newOrder(t, school.token);
    storage.failPut = true;

    const res = await send(school.token, orderKey);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', message: MSG.fileNotStored });
    expect(await filesOf(orderKey)).toEqual([]);
    expect(await uploadAudit(school.user.id)).toEqual([]);

    // Once the storage is back, the same upload is taken.
    storage.failPut = false;
    expect((await send(school.token, orderKey)).statusCode).toBe(200);
    expect(await filesOf(orderKey)).toHaveLength(1);
  });

  it('removes the stored file again when the database cannot record it', async () => {
    const school = await signedInSchool(t);
    const orderKey = await newOrder(t, school.token);
    await refuseWrites(t, 'order_files');

    const res = await send(school.token, orderKey);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', message: MSG.databaseUnavailable });
    expect(storage.stored).toHaveLength(1);
    expect(await leftBehind()).toEqual([]);
    expect(await filesOf(orderKey)).toEqual([]);
    expect(await uploadAudit(school.user.id)).toEqual([]);
  });
});

describe('a product picture staff upload', () => {
  let admin: Awaited<ReturnType<typeof signedInStaff>>;
  beforeAll(async () => {
    admin = await signedInStaff(t, USER_TYPE.admin);
  });

  async function sendPicture(productId: number) {
    const content = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const { body, contentType } = multipart([{ name: 'file', filename: 'cover.png', content }]);
    return t.api.post(`/api/admin/products/${productId}/images`, {
      headers: { ...bearer(admin.token), 'content-type': contentType },
      body,
    });
  }
  const imagesOf = (productId: number) =>
    t.db.select({ id: product_images.id }).from(product_images).where(eq(product_images.product_id, productId));

  it('answers a plain 503 when the picture cannot be stored, and records nothing', async () => {
    const product = await insertProduct(t, (await insertCategory(t)).id);
    const before = await imagesOf(product.id);
    storage.failPut = true;

    const res = await sendPicture(product.id);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', message: MSG.fileNotStored });
    expect(await imagesOf(product.id)).toEqual(before);
  });

  it('removes the picture and its card copy again when the database cannot record them', async () => {
    const product = await insertProduct(t, (await insertCategory(t)).id);
    const before = await imagesOf(product.id);
    await refuseWrites(t, 'product_images');

    const res = await sendPicture(product.id);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', message: MSG.databaseUnavailable });
    // The picture and its 400 px copy were both stored, and both removed.
    expect(storage.stored).toHaveLength(2);
    expect(await leftBehind()).toEqual([]);
    expect(await imagesOf(product.id)).toEqual(before);

    await allowWrites(t, 'product_images');
    expect((await sendPicture(product.id)).statusCode).toBe(200);
    expect(await imagesOf(product.id)).toHaveLength(before.length + 1);
  });
});
