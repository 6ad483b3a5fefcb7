import { randomBytes } from 'node:crypto';
import type { UploadFileType } from '@portal/contracts/order-files';
import { expect } from 'vitest';
import { bearer } from './accounts.ts';
import { productIdOf } from './catalogue.ts';
import type { ApiOptions, TestApp } from './test-app.ts';

/** Fixtures for the upload tests: multipart bodies written by hand, so that a test can send any shape. */

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

/** A multipart/form-data body of the parts, in their order. */
export function multipart(parts: Part[], options: { unterminated?: boolean } = {}) {
  const boundary = `----portal-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'content' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n`
        : `Content-Disposition: form-data; name="${part.name}"\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n`));
    chunks.push('content' in part ? part.content : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  if (!options.unterminated) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The smallest real-looking file of each allowed kind: its signature, then some bytes. */
export const SAMPLES = {
  pdf: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-rest')]),
  jpg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-rest')]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1]), Buffer.from('Exif-rest')]),
  gif: Buffer.from('GIF89a-rest-of-picture'),
  doc: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.from('OLE-rest')]),
  docx: Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04]),
    Buffer.from('..[Content_Types].xml..word/document.xml..PK\x05\x06'),
  ]),
} as const;

export interface UploadOptions {
  fields?: Record<string, string>;
  /** The file part; leave out to send none. */
  file?: { filename: string; content: Buffer; type?: string } | null;
  token?: string;
  api?: ApiOptions;
}

/** POST /api/uploadorderfiles with the fields first and the file last, as the web app sends it. */
export function uploadFile(t: TestApp, options: UploadOptions) {
  const parts: Part[] = Object.entries(options.fields ?? {}).map(([name, value]) => ({ name, value }));
  if (options.file) parts.push({ name: 'cfile', ...options.file });
  return sendUpload(t, parts, options);
}

export function sendUpload(t: TestApp, parts: Part[], options: Pick<UploadOptions, 'token' | 'api'> = {}) {
  const { body, contentType } = multipart(parts);
  return t.api.post('/api/uploadorderfiles', {
    ...options.api,
    headers: { ...(options.token ? bearer(options.token) : {}), 'content-type': contentType, ...options.api?.headers },
    body,
  });
}

/** A new Pending order of a planner for the school, as the product page's Order Now makes it. */
export async function newOrder(t: TestApp, token: string, product = 'primary-planner-classic-blue'): Promise<string> {
  const res = await t.api.post('/api/addtocartv2', {
    body: { product_id: await productIdOf(t, product) },
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order_key as string;
}

/** Uploads one file of the kind and expects it to be taken. */
export async function uploadOk(
  t: TestApp,
  token: string,
  orderKey: string,
  fileType: UploadFileType,
  file = { filename: 'artwork.pdf', content: SAMPLES.pdf as Buffer },
  extra: Record<string, string> = {},
) {
  const res = await uploadFile(t, { token, fields: { order_key: orderKey, file_type: fileType, ...extra }, file });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().file as { file_name: string; file_path: string; file_path_raw: string; size_bytes: number };
}
