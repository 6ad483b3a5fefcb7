import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The JavaScript a browser downloads before the home page shows: the entry chunk, the
 * home route's lazily loaded chunk, and every chunk those import statically (from Vite's
 * build manifest). Returns kB (1000 bytes) after gzip, the unit the target is written in.
 */
export function homeInitialJs(webDist: string, homeSource = 'src/features/home/routes/home.tsx') {
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit(homeSource);
  let gzipBytes = 0;
  for (const file of files) gzipBytes += gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length;
  return { files: [...files], kB: gzipBytes / 1000 };
}
