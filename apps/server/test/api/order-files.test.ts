import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { MAX_UPLOAD_BYTES, UploadOrderFileResponse } from '@portal/contracts/order-files';
import { TempOrderResponse } from '@portal/contracts/orders';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order_files, orders, school_documents } from '../../src/db/schema/index.ts';
import { uploadsDir } from '../../src/lib/storage/create-file-storage.ts';
import { createSession } from '../../src/modules/auth/sessions.ts';
import { bearer, createStaffUser, signedInSchool, signedInSponsor } from '../helpers/accounts.ts';
import { createCatalogueApp } from '../helpers/catalogue.ts';
import { expectLoggedError } from '../helpers/logged-errors.ts';
import { markOrderPaid } from '../helpers/orders.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { multipart, newOrder, SAMPLES, sendUpload, uploadFile, uploadOk } from '../helpers/uploads.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createCatalogueApp();
});
afterAll(() => t?.close());

const read = async (body: Readable) => Buffer.concat(await body.toArray());
/** What the storage holds under the order-files folder. */
const storedNames = () => {
  const folder = path.join(uploadsDir(t.config), 'order-files');
  return existsSync(folder) ? readdirSync(folder) : [];
};
const stored = async (name: string) => {
  const file = await t.ctx.storage.get(`order-files/${name}`);
  return file ? read(file.body) : null;
};
const fileRows = (orderKey: string) =>
  t.db
    .select({ file: order_files })
    .from(order_files)
    .innerJoin(orders, eq(orders.id, order_files.order_id))
    .where(eq(orders.order_key, orderKey));
const temporder = async (token: string, orderKey: string) => {
  const res = await t.api.get(`/api/temporder?order_key=${orderKey}`, { headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return TempOrderResponse.parse(res.json());
};

async function schoolWithOrder() {
  const school = await signedInSchool(t);
  return { ...school, orderKey: await newOrder(t, school.token) };
}

/** Expects a refusal, and that nothing was stored or recorded for it. */
async function expectRefused(
  res: { statusCode: number; json(): unknown },
  status: number,
  message: string,
  orderKey?: string,
) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ status: 'error', message });
  if (orderKey) expect(await fileRows(orderKey)).toEqual([]);
}

describe('POST /api/uploadorderfiles', () => {
  it.each([
    ['custom_pages', 'pages.pdf', SAMPLES.pdf, 'application/pdf'],
    ['cover_optn', 'cover.png', SAMPLES.png, 'image/png'],
    ['fss_car_mag', 'magnet.jpg', SAMPLES.jpg, 'image/jpeg'],
    ['fhomework_folders', 'folder.JPEG', SAMPLES.jpeg, 'image/jpeg'],
    ['cover_optn', 'cover.gif', SAMPLES.gif, 'image/gif'],
    ['po_document', 'purchase order.doc', SAMPLES.doc, 'application/msword'],
    [
      'po_document',
      'purchase order.docx',
      SAMPLES.docx,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
  ] as const)(
    'takes a %s file %s, stores it under a generated name and records it',
    async (fileType, filename, content, mime) => {
      const school = await schoolWithOrder();
      const before = storedNames().length;
      const res = await uploadFile(t, {
        token: school.token,
        fields: { order_key: school.orderKey, file_type: fileType },
        file: { filename, content, type: 'application/octet-stream' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = UploadOrderFileResponse.parse(res.json());
      const ext = filename.split('.').pop()!.toLowerCase();
      expect(body).toEqual({
        status: 'success',
        message: MSG.fileUploaded,
        file: {
          file_name: filename,
          file_path: `/api/orderfile/${body.file.file_path_raw}`,
          file_path_raw: expect.stringMatching(new RegExp(`^[0-9a-f]{32}\\.${ext}$`)),
          file_type: fileType,
          size_bytes: content.length,
        },
      });
      expect(await stored(body.file.file_path_raw)).toEqual(content);
      expect(storedNames()).toHaveLength(before + 1);
      const [row] = await fileRows(school.orderKey);
      expect(row?.file).toMatchObject({
        file_type: fileType,
        file_name: filename,
        stored_name: body.file.file_path_raw,
        mime_type: mime,
        size_bytes: content.length,
      });
    },
  );

  it('lists the uploaded files on the order form under their kinds', async () => {
    const school = await schoolWithOrder();
    const cover = await uploadOk(t, school.token, school.orderKey, 'cover_optn', {
      filename: 'cover.png',
      content: SAMPLES.png,
    });
    const po = await uploadOk(t, school.token, school.orderKey, 'po_document');
    const form = await temporder(school.token, school.orderKey);
    const entry = (f: typeof cover) => ({
      file_name: f.file_name,
      file_path: f.file_path,
      file_path_raw: f.file_path_raw,
    });
    expect(form.files).toEqual({
      custom_pages: [],
      cover_optn: [entry(cover)],
      fss_car_mag: [],
      fhomework_folders: [],
      po_document: [entry(po)],
    });
    expect(form.tax_certificate).toBeNull();
  });

  it('takes a file of exactly 5 MB', async () => {
    const school = await schoolWithOrder();
    const content = Buffer.concat([SAMPLES.pdf, Buffer.alloc(MAX_UPLOAD_BYTES - SAMPLES.pdf.length, 0x20)]);
    const file = await uploadOk(t, school.token, school.orderKey, 'custom_pages', { filename: 'big.pdf', content });
    expect(file.size_bytes).toBe(MAX_UPLOAD_BYTES);
    expect((await stored(file.file_path_raw))?.length).toBe(MAX_UPLOAD_BYTES);
  });

  it('refuses a file of 5 MB and one byte with 413, storing nothing', async () => {
    const school = await schoolWithOrder();
    const before = storedNames();
    const content = Buffer.concat([SAMPLES.pdf, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - SAMPLES.pdf.length, 0x20)]);
    const res = await uploadFile(t, {
      token: school.token,
      fields: { order_key: school.orderKey, file_type: 'custom_pages' },
      file: { filename: 'too-big.pdf', content },
    });
    await expectRefused(res, 413, MSG.fileTooBig, school.orderKey);
    expect(storedNames()).toEqual(before);
  });

  it.each([
    ['setup.exe', Buffer.from('MZ\x90\x00 program')],
    ['notes.txt', Buffer.from('plain text')],
    ['no-extension', SAMPLES.pdf],
    ['archive.pdf.zip', Buffer.from('PK\x03\x04')],
  ])('refuses %s with 415: not a type a school may upload', async (filename, content) => {
    const school = await schoolWithOrder();
    const before = storedNames();
    const res = await uploadFile(t, {
      token: school.token,
      fields: { order_key: school.orderKey, file_type: 'custom_pages' },
      file: { filename, content },
    });
    await expectRefused(res, 415, MSG.fileType, school.orderKey);
    expect(storedNames()).toEqual(before);
  });

  it.each([
    ['picture.png', Buffer.from('this is just text, not a picture')],
    ['photo.jpg', SAMPLES.png],
    ['scan.pdf', SAMPLES.gif],
    ['letter.docx', Buffer.from('PK\x03\x04 an archive with xl/workbook.xml but no document')],
    ['letter.doc', SAMPLES.pdf],
    ['empty.pdf', Buffer.alloc(0)],
  ])('refuses %s with 415 when its content is not what its extension says', async (filename, content) => {
    const school = await schoolWithOrder();
    const before = storedNames();
    const res = await uploadFile(t, {
      token: school.token,
      fields: { order_key: school.orderKey, file_type: 'cover_optn' },
      file: { filename, content, type: 'image/png' },
    });
    await expectRefused(res, 415, MSG.fileContentMismatch, school.orderKey);
    expect(storedNames()).toEqual(before);
  });

  it('answers 404 for another school’s order, as for an unknown key', async () => {
    const owner = await schoolWithOrder();
    const other = await signedInSchool(t);
    const fields = { order_key: owner.orderKey, file_type: 'custom_pages' };
    const file = { filename: 'a.pdf', content: SAMPLES.pdf };
    await expectRefused(
      await uploadFile(t, { token: other.token, fields, file }),
      404,
      MSG.orderNotFound,
      owner.orderKey,
    );
    const unknown = { ...fields, order_key: 'no-such-order' };
    await expectRefused(await uploadFile(t, { token: owner.token, fields: unknown, file }), 404, MSG.orderNotFound);
  });

  it('answers 403 to a sponsor, 401 without a session and 403 without the anti-forgery header', async () => {
    const school = await schoolWithOrder();
    const sponsor = await signedInSponsor(t);
    const fields = { order_key: school.orderKey, file_type: 'custom_pages' };
    const file = { filename: 'a.pdf', content: SAMPLES.pdf };
    await expectRefused(await uploadFile(t, { token: sponsor.token, fields, file }), 403, MSG.forbidden);
    await expectRefused(await uploadFile(t, { fields, file }), 401, MSG.unauthorized);
    await expectRefused(
      await uploadFile(t, { token: school.token, fields, file, api: { xsrfHeader: null } }),
      403,
      MSG.xsrf,
      school.orderKey,
    );
  });

  it('removes the stored file again when its record cannot be written', async () => {
    const school = await schoolWithOrder();
    await t.owner.execute(sql`
      create function refuse_test_file() returns trigger language plpgsql as $$
      begin
        if new.file_name = 'refused.pdf' then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await t.owner.execute(
      sql`create trigger refuse_test_file before insert on order_files for each row execute function refuse_test_file()`,
    );
    try {
      // The refused write is a failure of the server, logged as such.
      expectLoggedError('refused for the test');
      const before = storedNames();
      const res = await uploadFile(t, {
        token: school.token,
        fields: { order_key: school.orderKey, file_type: 'custom_pages' },
        file: { filename: 'refused.pdf', content: SAMPLES.pdf },
      });
      await expectRefused(res, 500, MSG.genericError, school.orderKey);
      expect(storedNames()).toEqual(before);
    } finally {
      await t.owner.execute(sql`drop trigger refuse_test_file on order_files`);
      await t.owner.execute(sql`drop function refuse_test_file`);
    }
  });

  it('takes the token as a form field, as older clients send it', async () => {
    const school = await schoolWithOrder();
    const res = await uploadFile(t, {
      fields: { order_key: school.orderKey, file_type: 'custom_pages', token: school.token },
      file: { filename: 'a.pdf', content: SAMPLES.pdf },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers 409 once the order can no longer be changed', async () => {
    const school = await schoolWithOrder();
    await t.db.update(orders).set({ status: 'Order Placed' }).where(eq(orders.order_key, school.orderKey));
    const res = await uploadFile(t, {
      token: school.token,
      fields: { order_key: school.orderKey, file_type: 'custom_pages' },
      file: { filename: 'a.pdf', content: SAMPLES.pdf },
    });
    await expectRefused(res, 409, MSG.orderLockedPlaced, school.orderKey);
  });

  it('shows back only the last part of the name the client sent, trimmed and cut to 150 characters', async () => {
    const school = await schoolWithOrder();
    const upload = (filename: string) =>
      uploadOk(t, school.token, school.orderKey, 'custom_pages', { filename, content: SAMPLES.pdf });
    expect((await upload('C:\\Users\\ann\\Desktop\\  Artwork final.pdf  ')).file_name).toBe('Artwork final.pdf');
    expect((await upload('../../etc/cover.pdf')).file_name).toBe('cover.pdf');
    expect((await upload('Cubierta del año 日本.pdf')).file_name).toBe('Cubierta del año 日本.pdf');
    const long = await upload(`${'a'.repeat(300)}.pdf`);
    expect(long.file_name).toBe(`${'a'.repeat(146)}.pdf`);
    expect(long.file_path_raw).toMatch(/^[0-9a-f]{32}\.pdf$/);
  });

  describe('refuses a body of the wrong shape with 400, storing nothing', () => {
    it('without a file part, or with an empty one', async () => {
      const school = await schoolWithOrder();
      const fields = { order_key: school.orderKey, file_type: 'custom_pages' };
      await expectRefused(await uploadFile(t, { token: school.token, fields }), 400, MSG.uploadNoFile);
      const empty = { filename: '', content: Buffer.alloc(0) };
      await expectRefused(
        await uploadFile(t, { token: school.token, fields, file: empty }),
        400,
        MSG.uploadNoFile,
        school.orderKey,
      );
    });

    it('with two files', async () => {
      const school = await schoolWithOrder();
      const before = storedNames();
      const res = await sendUpload(
        t,
        [
          { name: 'order_key', value: school.orderKey },
          { name: 'file_type', value: 'custom_pages' },
          { name: 'cfile', filename: 'one.pdf', content: SAMPLES.pdf },
          { name: 'cfile', filename: 'two.pdf', content: SAMPLES.pdf },
        ],
        { token: school.token },
      );
      await expectRefused(res, 400, MSG.uploadOneFile, school.orderKey);
      expect(storedNames()).toEqual(before);
    });

    it('with the fields missing or sent after the file', async () => {
      const school = await schoolWithOrder();
      const file = { name: 'cfile', filename: 'a.pdf', content: SAMPLES.pdf };
      const missing = await sendUpload(t, [{ name: 'file_type', value: 'custom_pages' }, file], {
        token: school.token,
      });
      await expectRefused(missing, 400, MSG.uploadFieldsFirst, school.orderKey);
      expect(missing.json().errors).toEqual({ order_key: MSG.uploadFieldsFirst });

      const after = await sendUpload(
        t,
        [file, { name: 'order_key', value: school.orderKey }, { name: 'file_type', value: 'custom_pages' }],
        { token: school.token },
      );
      await expectRefused(after, 400, MSG.uploadFieldsFirst, school.orderKey);

      const trailing = await sendUpload(
        t,
        [
          { name: 'order_key', value: school.orderKey },
          { name: 'file_type', value: 'custom_pages' },
          file,
          { name: 'note', value: 'after the file' },
        ],
        { token: school.token },
      );
      await expectRefused(trailing, 400, MSG.uploadFieldsFirst, school.orderKey);
    });

    it('with a field that is not one of the choices, or a NUL character', async () => {
      const school = await schoolWithOrder();
      const file = { filename: 'a.pdf', content: SAMPLES.pdf };
      const wrongType = await uploadFile(t, {
        token: school.token,
        fields: { order_key: school.orderKey, file_type: 'passport' },
        file,
      });
      await expectRefused(wrongType, 400, MSG.chooseFromList, school.orderKey);
      expect(wrongType.json().errors).toEqual({ file_type: MSG.chooseFromList });
      const blank = await uploadFile(t, {
        token: school.token,
        fields: { order_key: '  ', file_type: 'custom_pages' },
        file,
      });
      await expectRefused(blank, 400, MSG.orderKeyRequired, school.orderKey);
      expect(blank.json().errors).toEqual({ order_key: MSG.orderKeyRequired });
      const nul = await uploadFile(t, {
        token: school.token,
        fields: { order_key: `${school.orderKey}\u0000`, file_type: 'custom_pages' },
        file,
      });
      await expectRefused(nul, 400, MSG.unstorableText, school.orderKey);
      expect(nul.json().errors).toEqual({ order_key: MSG.unstorableText });
    });

    it('that is not multipart, or not readable as multipart', async () => {
      const school = await schoolWithOrder();
      const json = await t.api.post('/api/uploadorderfiles', {
        headers: bearer(school.token),
        body: { order_key: school.orderKey, file_type: 'custom_pages', cfile: 'a.pdf' },
      });
      await expectRefused(json, 400, MSG.uploadNotMultipart, school.orderKey);

      const { body, contentType } = multipart(
        [
          { name: 'order_key', value: school.orderKey },
          { name: 'file_type', value: 'custom_pages' },
          { name: 'cfile', filename: 'a.pdf', content: SAMPLES.pdf },
        ],
        { unterminated: true },
      );
      const cut = await t.api.post('/api/uploadorderfiles', {
        headers: { ...bearer(school.token), 'content-type': contentType },
        body: body.subarray(0, body.length - 10),
      });
      await expectRefused(cut, 400, MSG.uploadUnreadable, school.orderKey);
    });
  });

  describe('a tax certificate', () => {
    it('needs the date it expires', async () => {
      const school = await schoolWithOrder();
      const res = await uploadFile(t, {
        token: school.token,
        fields: { order_key: school.orderKey, file_type: 'tax_certificate' },
        file: { filename: 'exempt.pdf', content: SAMPLES.pdf },
      });
      await expectRefused(res, 400, MSG.expiryRequired);
      expect(res.json().errors).toEqual({ expires_on: MSG.expiryRequired });
      const bad = await uploadFile(t, {
        token: school.token,
        fields: { order_key: school.orderKey, file_type: 'tax_certificate', expires_on: '2027-02-30' },
        file: { filename: 'exempt.pdf', content: SAMPLES.pdf },
      });
      await expectRefused(bad, 400, MSG.validDate);
    });

    it('is kept on the school and offered on its next order, expired once its date has passed', async () => {
      const school = await schoolWithOrder();
      const first = await uploadOk(
        t,
        school.token,
        school.orderKey,
        'tax_certificate',
        { filename: 'exemption 2027.pdf', content: SAMPLES.pdf },
        { expires_on: '2999-06-30' },
      );
      const [document] = await t.db
        .select()
        .from(school_documents)
        .where(eq(school_documents.stored_name, first.file_path_raw));
      const [order] = await t.db.select().from(orders).where(eq(orders.order_key, school.orderKey));
      expect(document).toMatchObject({
        school_user_id: school.user.id,
        kind: 'tax_certificate',
        file_name: 'exemption 2027.pdf',
        expires_on: '2999-06-30',
        order_id: order!.id,
        mime_type: 'application/pdf',
      });
      expect(await fileRows(school.orderKey)).toEqual([]);

      const secondOrder = await newOrder(t, school.token);
      const offered = {
        file_name: 'exemption 2027.pdf',
        file_path: `/api/orderfile/${first.file_path_raw}`,
        file_path_raw: first.file_path_raw,
        expires_on: '2999-06-30',
        expired: false,
      };
      expect((await temporder(school.token, secondOrder)).tax_certificate).toEqual(offered);

      await t.db
        .update(school_documents)
        .set({ expires_on: '2020-01-31' })
        .where(eq(school_documents.id, document!.id));
      expect((await temporder(school.token, secondOrder)).tax_certificate).toEqual({
        ...offered,
        expires_on: '2020-01-31',
        expired: true,
      });
      // Another school sees none of it.
      const other = await schoolWithOrder();
      expect((await temporder(other.token, other.orderKey)).tax_certificate).toBeNull();
    });

    it('the newest one is the one offered', async () => {
      const school = await schoolWithOrder();
      const cert = (filename: string, expires_on: string) =>
        uploadOk(
          t,
          school.token,
          school.orderKey,
          'tax_certificate',
          { filename, content: SAMPLES.pdf },
          { expires_on },
        );
      await cert('old.pdf', '2020-01-01');
      const newer = await cert('new.pdf', '2999-01-01');
      const form = await temporder(school.token, await newOrder(t, school.token));
      expect(form.tax_certificate).toMatchObject({ file_path_raw: newer.file_path_raw, expired: false });
    });
  });
});

describe('POST /api/uploadorderfiles over a real connection', () => {
  it('answers a refusal while the client is still sending, and reads the rest so the answer arrives', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await schoolWithOrder();
    const other = await signedInSchool(t);
    const xsrf = await t.api.xsrfToken();
    const send = (token: string, orderKey: string, size: number) => {
      const { body, contentType } = multipart([
        { name: 'order_key', value: orderKey },
        { name: 'file_type', value: 'custom_pages' },
        { name: 'cfile', filename: 'big.pdf', content: Buffer.concat([SAMPLES.pdf, Buffer.alloc(size, 0x20)]) },
      ]);
      return fetch(`${base}/api/uploadorderfiles`, {
        method: 'POST',
        headers: {
          ...bearer(token),
          'content-type': contentType,
          cookie: `XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': xsrf,
        },
        body,
        signal: AbortSignal.timeout(20_000),
      });
    };
    // Refused when the file starts: the 8 MB behind it are read and dropped.
    const refused = await send(other.token, owner.orderKey, 8 * 1024 * 1024);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ status: 'error', message: MSG.orderNotFound });
    const tooBig = await send(owner.token, owner.orderKey, MAX_UPLOAD_BYTES);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({ status: 'error', message: MSG.fileTooBig });
    const taken = await send(owner.token, owner.orderKey, 1000);
    expect(taken.status).toBe(200);
    expect(await fileRows(owner.orderKey)).toHaveLength(1);
  }, 30_000);
});

describe('POST /api/removefile', () => {
  const remove = (token: string, name: string) =>
    t.api.post('/api/removefile', { headers: bearer(token), body: { file_path_raw: name } });

  it('removes the school’s own file: the record and the stored file', async () => {
    const school = await schoolWithOrder();
    const file = await uploadOk(t, school.token, school.orderKey, 'custom_pages');
    const res = await remove(school.token, file.file_path_raw);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MSG.fileRemoved });
    expect(await fileRows(school.orderKey)).toEqual([]);
    expect(await stored(file.file_path_raw)).toBeNull();
    expect((await temporder(school.token, school.orderKey)).files.custom_pages).toEqual([]);
  });

  it('removes a tax certificate while the order it came with may be changed', async () => {
    const school = await schoolWithOrder();
    const file = await uploadOk(t, school.token, school.orderKey, 'tax_certificate', undefined, {
      expires_on: '2999-01-01',
    });
    expect((await remove(school.token, file.file_path_raw)).statusCode).toBe(200);
    expect(
      await t.db.select().from(school_documents).where(eq(school_documents.stored_name, file.file_path_raw)),
    ).toEqual([]);
    expect(await stored(file.file_path_raw)).toBeNull();
  });

  it('answers 404 for another school’s file and for an unknown name, and the file stays', async () => {
    const owner = await schoolWithOrder();
    const other = await signedInSchool(t);
    const file = await uploadOk(t, owner.token, owner.orderKey, 'custom_pages');
    const res = await remove(other.token, file.file_path_raw);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: MSG.fileNotFound });
    expect(await fileRows(owner.orderKey)).toHaveLength(1);
    expect(await stored(file.file_path_raw)).toEqual(SAMPLES.pdf);
    expect((await remove(owner.token, 'ffffffffffffffffffffffffffffffff.pdf')).statusCode).toBe(404);
  });

  it('answers 409 once the order is locked, and the file stays', async () => {
    const school = await schoolWithOrder();
    const file = await uploadOk(t, school.token, school.orderKey, 'custom_pages');
    await markOrderPaid(t, school.orderKey, 1_00);
    const res = await remove(school.token, file.file_path_raw);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'error', message: MSG.orderLockedPaid });
    expect(await stored(file.file_path_raw)).toEqual(SAMPLES.pdf);
  });

  it('answers 403 to a sponsor, 401 without a session and 403 without the anti-forgery header', async () => {
    const school = await schoolWithOrder();
    const file = await uploadOk(t, school.token, school.orderKey, 'custom_pages');
    const sponsor = await signedInSponsor(t);
    expect((await remove(sponsor.token, file.file_path_raw)).statusCode).toBe(403);
    expect((await t.api.post('/api/removefile', { body: { file_path_raw: file.file_path_raw } })).statusCode).toBe(401);
    const forged = await t.api.post('/api/removefile', {
      headers: bearer(school.token),
      body: { file_path_raw: file.file_path_raw },
      xsrfHeader: null,
    });
    expect(forged.statusCode).toBe(403);
    expect(await stored(file.file_path_raw)).toEqual(SAMPLES.pdf);
  });
});

describe('GET /api/orderfile/:name', () => {
  it('gives the owner the file as an attachment under its own name, never cached', async () => {
    const school = await schoolWithOrder();
    const file = await uploadOk(t, school.token, school.orderKey, 'cover_optn', {
      filename: 'Cover final año (2).png',
      content: SAMPLES.png,
    });
    const res = await t.api.get(file.file_path, { headers: bearer(school.token) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(SAMPLES.png);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(SAMPLES.png.length),
      'content-disposition': `attachment; filename="Cover final a_o (2).png"; filename*=UTF-8''Cover%20final%20a%C3%B1o%20%282%29.png`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
  });

  it('gives a tax certificate to its school', async () => {
    const school = await schoolWithOrder();
    const file = await uploadOk(t, school.token, school.orderKey, 'tax_certificate', undefined, {
      expires_on: '2999-01-01',
    });
    const res = await t.api.get(file.file_path, { headers: bearer(school.token) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(SAMPLES.pdf);
  });

  it('gives staff any school’s file', async () => {
    const school = await schoolWithOrder();
    const file = await uploadOk(t, school.token, school.orderKey, 'custom_pages');
    // Staff sign in through the back office; its session is the same kind.
    const admin = await createStaffUser(t, USER_TYPE.admin);
    const token = await createSession(t.db, { userId: admin.user.id, usertype: USER_TYPE.admin, remember: false });
    const res = await t.api.get(file.file_path, { headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload).toEqual(SAMPLES.pdf);
  });

  it('answers another school and a sponsor exactly as for a file that does not exist, and 401 without a session', async () => {
    const owner = await schoolWithOrder();
    const file = await uploadOk(t, owner.token, owner.orderKey, 'custom_pages');
    const other = await signedInSchool(t);
    const sponsor = await signedInSponsor(t);
    const missing = await t.api.get('/api/orderfile/ffffffffffffffffffffffffffffffff.pdf', {
      headers: bearer(owner.token),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 'error', message: MSG.fileNotFound });
    for (const token of [other.token, sponsor.token]) {
      const res = await t.api.get(file.file_path, { headers: bearer(token) });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(missing.body);
    }
    expect((await t.api.get(file.file_path)).statusCode).toBe(401);
  });

  it('is the only way to the file: /uploads/ does not serve order files', async () => {
    const school = await schoolWithOrder();
    const file = await uploadOk(t, school.token, school.orderKey, 'custom_pages');
    const res = await t.api.get(`/uploads/order-files/${file.file_path_raw}`);
    expect(res.statusCode).toBe(404);
    expect(res.rawPayload.includes(SAMPLES.pdf)).toBe(false);
  });
});
