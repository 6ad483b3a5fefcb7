import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createCatalogueApp } from '../helpers/catalogue.ts';
import { type TestApp, WEB_ASSET } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createCatalogueApp({ routes: addTestRoutes });
});
afterAll(() => t?.close());

/** Watches calls to one of zlib's compressors (calling through), until the test ends. */
const spies: MockInstance[] = [];
function watch(compressor: 'brotliCompress' | 'brotliCompressSync' | 'gzip') {
  const spy = vi.spyOn(zlib, compressor);
  spies.push(spy);
  return spy;
}
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
});

/** What a browser sends. */
const BROWSER = 'gzip, deflate, br, zstd';

const LARGE_ANSWER = {
  status: 'success',
  message: 'ok',
  items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Item ${i}` })),
};

/** Answers no real route gives yet, each an edge the compression must leave alone or merge with. */
function addTestRoutes(app: FastifyInstance) {
  app.get('/test/no-content', (_request, reply) => reply.code(204).send());
  app.get('/test/already-encoded', (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('content-encoding', 'gzip')
      .send(zlib.gzipSync(JSON.stringify(LARGE_ANSWER))),
  );
  app.get('/test/varies-by-origin', (_request, reply) => reply.header('vary', 'Origin').send(LARGE_ANSWER));
  app.get('/test/stream', (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(Readable.from([JSON.stringify(LARGE_ANSWER)])),
  );
  app.get('/test/large-error', (_request, reply) =>
    reply.code(422).send({ status: 'error', message: 'Check the form.', errors: LARGE_ANSWER.items }),
  );
}

function get(url: string, acceptEncoding?: string) {
  return t.api.get(url, acceptEncoding === undefined ? {} : { headers: { 'accept-encoding': acceptEncoding } });
}

/** The body as the client reads it, whatever it was sent in. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.body;
}

const varies = (res: LightMyRequestResponse) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/);

const CACHED_LISTING = '/api/category?slug=student-planners&page=1&limit=24';
/** Compressible answers, each above 1 kB, and how each is made. */
const largeAnswers: [kind: string, url: string, status: number][] = [
  ['a page’s HTML (cached)', '/about', 200],
  ['the HTML of a path that is no page (made per request)', '/no-such-page', 404],
  ['a cached JSON answer', CACHED_LISTING, 200],
  ['an uncached JSON answer', '/api/states', 200],
  ['an uncached JSON answer compressed off the event loop (above 64 kB)', '/api/docs/json', 200],
  ['an error answer', '/test/large-error', 422],
];

/** Accept-Encoding headers and the encoding each must get. */
const negotiations: [acceptEncoding: string | undefined, encoding: string | undefined][] = [
  [BROWSER, 'br'],
  ['br', 'br'],
  ['gzip', 'gzip'],
  ['x-gzip', 'gzip'],
  ['br;q=0, gzip', 'gzip'],
  ['gzip;q=1, br;q=0.5', 'gzip'],
  ['*', 'br'],
  ['*;q=0.5, br;q=0', 'gzip'],
  ['identity', undefined],
  ['deflate, zstd', undefined],
  ['gzip;q=0.5, identity', undefined],
  ['', undefined],
  [undefined, undefined],
];

describe.each(largeAnswers)('compressing %s', (_kind, url, status) => {
  it.each(negotiations)('answers Accept-Encoding %j in %s, with Vary', async (acceptEncoding, encoding) => {
    const plain = await get(url);
    expect(plain.statusCode, plain.body).toBe(status);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const res = await get(url, acceptEncoding);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(varies(res)).toContain('accept-encoding');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(decoded(res)).toBe(plain.body);
    if (encoding) expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const full = await get(url, BROWSER);
    const head = await t.api.request('HEAD', url, { headers: { 'accept-encoding': BROWSER } });
    expect(head.statusCode).toBe(status);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(full.rawPayload.length));
    expect(varies(head)).toContain('accept-encoding');
    expect(head.rawPayload.length).toBe(0);
  });
});

describe('answers of 1 kB or less', () => {
  it.each([
    ['a cached JSON answer', '/api/page?page_id=1'],
    ['an uncached JSON answer', '/api/health'],
  ])('go out as they are, %s too, with Vary', async (_kind, url) => {
    for (const acceptEncoding of [BROWSER, 'gzip', undefined]) {
      const res = await get(url, acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeLessThanOrEqual(1024);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(varies(res)).toContain('accept-encoding');
    }
  });
});

describe('a static script', () => {
  it.each([
    [BROWSER, 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ])('goes out as the build’s copy for %j, with Vary', async (acceptEncoding, encoding) => {
    const plain = await get(WEB_ASSET);
    const res = await get(WEB_ASSET, acceptEncoding);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(varies(res)).toContain('accept-encoding');
    expect(decoded(res)).toBe(plain.body);
  });

  it('is never compressed as it is sent: the build made its copies', async () => {
    const inLine = watch('brotliCompressSync');
    const inBackground = watch('brotliCompress');
    await get(WEB_ASSET, BROWSER);
    expect(inLine).not.toHaveBeenCalled();
    expect(inBackground).not.toHaveBeenCalled();
  });
});

describe('cached answers', () => {
  it.each([
    ['a page’s HTML', '/contact', 'content_pages'],
    ['a cached JSON answer', '/api/category?slug=student-planners&page=2&limit=6', 'products'],
  ])('compress %s once, however often it is asked for, until its data changes', async (_kind, url, table) => {
    // The strongest copy takes its time: here, until both first answers are out.
    const compress = zlib.brotliCompress as (...args: unknown[]) => void;
    const held: (() => void)[] = [];
    const inBackground = watch('brotliCompress').mockImplementation(((...args: unknown[]) => {
      held.push(() => compress(...args));
    }) as typeof zlib.brotliCompress);
    const inLine = watch('brotliCompressSync');
    // The first requests do not wait for the strongest copy: each goes out compressed at once.
    const [first, second] = await Promise.all([get(url, BROWSER), get(url, BROWSER)]);
    expect(inBackground).toHaveBeenCalledTimes(1);
    expect(inLine).toHaveBeenCalledTimes(2);
    expect(decoded(second)).toBe(decoded(first));
    for (const release of held.splice(0)) release();

    // Once it is made, the strongest copy goes out: smaller, the same bytes every time, and
    // nothing is compressed again.
    const strong = await vi.waitFor(async () => {
      const res = await get(url, BROWSER);
      expect(res.rawPayload.length).toBeLessThan(first.rawPayload.length);
      return res;
    });
    const inLineSoFar = inLine.mock.calls.length;
    const again = await get(url, BROWSER);
    expect(again.rawPayload).toEqual(strong.rawPayload);
    expect(decoded(strong)).toBe(decoded(first));
    expect(inLine).toHaveBeenCalledTimes(inLineSoFar);
    expect(inBackground).toHaveBeenCalledTimes(1);

    // An edit drops the cached answer and its compressed copy with it.
    t.ctx.feed.touch(table);
    await get(url, BROWSER);
    expect(inBackground).toHaveBeenCalledTimes(2);
  });

  it('make the gzip copy separately, when a request first asks for it', async () => {
    const gzipInBackground = watch('gzip');
    const url = '/api/category?slug=student-planners&page=3&limit=6';
    await get(url, BROWSER);
    expect(gzipInBackground).not.toHaveBeenCalled();
    await get(url, 'gzip');
    await get(url, 'gzip');
    expect(gzipInBackground).toHaveBeenCalledTimes(1);
  });
});

describe('GET /sitemap.xml', () => {
  it('is compressed once too, as it is cached', async () => {
    const inBackground = watch('brotliCompress');
    const plain = await get('/sitemap.xml');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const [first, second] = [await get('/sitemap.xml', BROWSER), await get('/sitemap.xml', BROWSER)];
    expect(first.headers['content-encoding']).toBe('br');
    expect(varies(first)).toContain('accept-encoding');
    expect(decoded(first)).toBe(plain.body);
    expect(second.rawPayload).toEqual(first.rawPayload);
    expect(inBackground).toHaveBeenCalledTimes(1);
  });
});

describe('uncached answers', () => {
  it('are compressed on every request, in line, at the cheaper settings', async () => {
    const inLine = watch('brotliCompressSync');
    await get('/api/states', BROWSER);
    await get('/api/states', BROWSER);
    expect(inLine).toHaveBeenCalledTimes(2);
    const options = inLine.mock.calls[0]?.[1] as zlib.BrotliOptions | undefined;
    const quality = options?.params?.[zlib.constants.BROTLI_PARAM_QUALITY];
    expect(quality).toBeLessThan(zlib.constants.BROTLI_MAX_QUALITY);
  });
});

describe('answers compression leaves alone', () => {
  it('sends a 204 with no body and no encoding', async () => {
    const res = await get('/test/no-content', BROWSER);
    expect(res.statusCode).toBe(204);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBe(0);
  });

  it('sends an answer that already has a Content-Encoding as it is', async () => {
    const res = await get('/test/already-encoded', BROWSER);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString('utf8'))).toEqual(LARGE_ANSWER);
  });

  it('compresses a stream made for the request as it is sent, with no length given beforehand', async () => {
    const res = await get('/test/stream', BROWSER);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBeUndefined();
    expect(varies(res)).toContain('accept-encoding');
    expect(JSON.parse(decoded(res))).toEqual(LARGE_ANSWER);
    const plain = await get('/test/stream');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(LARGE_ANSWER);
  });

  it('adds Accept-Encoding to a Vary the route set, keeping it', async () => {
    const res = await get('/test/varies-by-origin', BROWSER);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Origin, accept-encoding');
  });
});
