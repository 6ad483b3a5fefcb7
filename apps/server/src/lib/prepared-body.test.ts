import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from '../seed/demo-catalogue.ts';
import { compressNow } from './compress.ts';
import { PreparedBody } from './prepared-body.ts';

const LARGE = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Product ${i}` })) });

describe('PreparedBody', () => {
  it('keeps a small answer as a string and never offers to compress it', () => {
    const body = new PreparedBody('{"status":"success","message":"ok"}');
    expect(body.compressible).toBe(false);
    expect(body.identity).toBe('{"status":"success","message":"ok"}');
  });

  it('keeps an answer above 1 kB as bytes, compressible', () => {
    const text = 'é'.repeat(513);
    const body = new PreparedBody(text);
    expect(Buffer.byteLength(text)).toBe(1026);
    expect(body.compressible).toBe(true);
    expect(body.identity).toEqual(Buffer.from(text));
    expect(new PreparedBody('x'.repeat(1024)).compressible).toBe(false);
  });

  it('makes each copy once: every caller gets the same promise, then the same bytes', async () => {
    const body = new PreparedBody(LARGE);
    const first = body.encoded('br');
    const second = body.encoded('br');
    expect(second).toBe(first);
    const bytes = await first;
    expect(body.encoded('br')).toBe(bytes);
    expect(zlib.brotliDecompressSync(bytes).toString('utf8')).toBe(LARGE);
  });

  it('makes the gzip copy apart from the brotli one', async () => {
    const body = new PreparedBody(LARGE);
    const gzip = await body.encoded('gzip');
    expect(zlib.gunzipSync(gzip).toString('utf8')).toBe(LARGE);
    expect(body.encoded('gzip')).toBe(gzip);
    expect(await body.encoded('br')).not.toBe(gzip);
  });

  it('compresses harder than an answer made per request, as the copy is made only once', async () => {
    const catalogue = JSON.stringify(DEMO_PRODUCTS);
    const body = new PreparedBody(catalogue);
    expect((await body.encoded('br')).length).toBeLessThan(compressNow(catalogue, 'br', 'perRequest').length * 0.95);
  });

  it('is ready once its copy is made, and meanwhile says so without waiting', async () => {
    const body = new PreparedBody(LARGE);
    expect(body.ready('br')).toBeUndefined();
    const made = await body.encoded('br');
    expect(body.ready('br')).toBe(made);
  });
});
