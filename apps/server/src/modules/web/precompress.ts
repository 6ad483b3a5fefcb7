import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What compresses: text and uncompressed fonts. Pictures, video and woff2 already are. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|vtt|xml|webmanifest|ttf|otf|eot)$/i;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes brotli (.br) and gzip (.gz) copies beside every compressible file of the built
 * web app, at the strongest settings, once at build time: the server then sends the copy
 * the browser accepts (Accept-Encoding) without compressing anything per request. A copy
 * that is not smaller is not written.
 */
export function precompressDir(dir: string): { files: number; bytes: number; brotliBytes: number } {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = precompressDir(file);
      totals.files += inner.files;
      totals.bytes += inner.bytes;
      totals.brotliBytes += inner.brotliBytes;
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || statSync(file).size < MIN_BYTES) continue;
    const source = readFileSync(file);
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gzip = gzipSync(source, { level: 9 });
    if (brotli.length < source.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < source.length) writeFileSync(`${file}.gz`, gzip);
    totals.files += 1;
    totals.bytes += source.length;
    totals.brotliBytes += Math.min(brotli.length, source.length);
  }
  return totals;
}
