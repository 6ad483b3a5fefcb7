import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderPage, ScreenFileOf, ServerApi } from '@portal/contracts/server-render';
import type { FastifyInstance } from 'fastify';

/** The web build's folder for the public pages' server-side renderer; the server never serves dot folders. */
export const SSR_DIR = '.ssr';
const RENDERER = 'entry-server.js';
const MANIFEST = path.join('.vite', 'manifest.json');

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The markup a page adds to the app's HTML: links in the head, #root's content, and its data as JSON. */
export interface PageMarkup {
  /** What the head announces before the scripts: the picture the page shows first, if any. */
  preload: string;
  head: string;
  root: string;
  state: string;
  /**
   * False when one of the page's own data calls could not be answered (the database down):
   * the page then shows less than it should, and is sent but not kept.
   */
  complete: boolean;
}

export interface ServerRenderer {
  render(url: string): Promise<PageMarkup>;
  /**
   * The links that preload the code of the screen at `pathname`, for a page the browser
   * renders itself (a signed-in screen): its chunk then arrives with the app's entry, not
   * after it has run.
   */
  preloadsFor(pathname: string): string;
}

/**
 * A screen's stylesheet inside the page: its rules in a <style> element, so that the first
 * paint waits for no request but the app's own stylesheet, followed by its link, disabled.
 * A disabled stylesheet is not fetched, and the link tells the app's loader, which looks for
 * a stylesheet's link before it adds one, that these rules are already on the page.
 */
export function inlineStylesheet(file: string, css: string): string {
  // Nothing in the rules may close the element: `<\/` means the same in CSS.
  const rules = css.replaceAll('</', '<\\/').trim();
  return `<style data-href="/${file}">${rules}</style><link rel="stylesheet" href="/${file}" disabled>`;
}

/** The class names a stylesheet's selectors name (and, harmlessly, any dotted word in its values). */
export function stylesheetClasses(css: string): Set<string> {
  return new Set(
    Array.from(css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g), (m) => m[1] ?? ''),
  );
}

/** The class names the elements of `html` carry. */
export function markupClasses(html: string): Set<string> {
  const used = new Set<string>();
  for (const [, names = ''] of html.matchAll(/\bclass="([^"]*)"/g)) {
    for (const name of names.split(/\s+/)) if (name) used.add(name);
  }
  return used;
}

/** Whether markup that carries the classes `used` needs a stylesheet: one that names no class styles every page. */
export function stylesheetUsed(classes: ReadonlySet<string>, used: ReadonlySet<string>): boolean {
  if (classes.size === 0) return true;
  for (const name of classes) if (used.has(name)) return true;
  return false;
}

/** The files a chunk loads with it (its static imports); with `later`, also the stylesheets of the parts it loads later. */
function chunkFiles(
  manifest: Manifest,
  key: string,
  later: boolean,
  inPage: ReadonlySet<string> = new Set(),
): { css: Set<string>; js: Set<string>; keys: Set<string> } {
  const css = new Set<string>();
  const js = new Set<string>();
  const seen = new Set<string>(inPage);
  const visit = (k: string, eager: boolean) => {
    const chunk = manifest[k];
    if (!chunk || seen.has(k)) return;
    seen.add(k);
    if (eager) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const next of chunk.imports ?? []) visit(next, eager);
    // What the chunk itself loads later, not what that loads in turn: a page's own parts.
    if (later && eager) for (const next of chunk.dynamicImports ?? []) visit(next, false);
  };
  visit(key, true);
  return { css, js, keys: seen };
}

/**
 * What the first HTML of a screen may link beyond the app's entry, which the page has
 * already: the screen's chunk and its imports, so that it hydrates without waiting for
 * them, and the stylesheets of all it may load later (a carousel, a modal), so that nothing
 * rendered on the server shows unstyled. A page carries only those its markup uses.
 */
export function screenAssets(manifest: Manifest, screenFile: string): { css: string[]; js: string[] } {
  const page = chunkFiles(manifest, 'index.html', false);
  const { css, js } = chunkFiles(manifest, `src/${screenFile}`, true, page.keys);
  return { css: [...css], js: [...js] };
}

/**
 * A preload of the picture a page marks as the one to fetch first (`fetchpriority="high"`,
 * which React writes as `fetchPriority`: a product's first picture), so that the browser
 * asks for it before the page's scripts, which would otherwise take the connections first.
 */
export function firstPicturePreload(html: string): string {
  const img = /<img\b[^>]*\bfetchpriority="high"[^>]*>/i.exec(html)?.[0];
  const src = img && /\bsrc="([^"]+)"/.exec(img)?.[1];
  return src ? `<link rel="preload" as="image" href="${src}" fetchpriority="high">` : '';
}

/** JSON inside a <script> element: nothing in it may close the element or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Loads the renderer of the public pages from the web build, when the build has one. It
 * renders with the app's own components, and fetches their data from this server's own
 * routes (through Fastify's in-process requests), so that the first HTML holds exactly
 * what the browser would have fetched, and the browser then fetches none of it again.
 */
export async function loadServerRenderer(webDist: string, app: FastifyInstance): Promise<ServerRenderer | undefined> {
  const file = path.join(webDist, SSR_DIR, RENDERER);
  const manifestFile = path.join(webDist, MANIFEST);
  if (!existsSync(file) || !existsSync(manifestFile)) return undefined;
  const { render, screenFileOf } = (await import(pathToFileURL(file).href)) as {
    render: RenderPage;
    screenFileOf: ScreenFileOf;
  };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const assetsByScreen = new Map<string, { css: string[]; preloads: string[] }>();
  const stylesheets = new Map<string, { markup: string; classes: Set<string> }>();
  const stylesheet = (file: string) => {
    let sheet = stylesheets.get(file);
    if (sheet === undefined) {
      const css = readFileSync(path.join(webDist, file), 'utf8');
      sheet = { markup: inlineStylesheet(file, css), classes: stylesheetClasses(css) };
      stylesheets.set(file, sheet);
    }
    return sheet;
  };

  const serverApi: ServerApi = async (url) => {
    const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    return { status: answer.statusCode, body: answer.body };
  };

  /**
   * The screen's stylesheets that the page's markup uses, inside it, and its modules. One
   * that styles nothing on the page yet (a closed modal's) is left to the app, which
   * fetches it with the code that needs it.
   */
  const headFor = (screenFile: string | undefined, html: string) => {
    if (!screenFile) return '';
    let assets = assetsByScreen.get(screenFile);
    if (assets === undefined) {
      const { css, js } = screenAssets(manifest, screenFile);
      assets = { css, preloads: js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`) };
      assetsByScreen.set(screenFile, assets);
    }
    const used = markupClasses(html);
    const styles = assets.css
      .map(stylesheet)
      .filter(({ classes }) => stylesheetUsed(classes, used))
      .map(({ markup }) => markup);
    return [...styles, ...assets.preloads].join('\n    ');
  };

  const preloadsByScreen = new Map<string, string>();
  const preloadsFor = (pathname: string) => {
    const screenFile = screenFileOf(pathname);
    if (!screenFile) return '';
    let links = preloadsByScreen.get(screenFile);
    if (links === undefined) {
      links = screenAssets(manifest, screenFile)
        .js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
        .join('\n    ');
      preloadsByScreen.set(screenFile, links);
    }
    return links;
  };

  return {
    preloadsFor,
    async render(url) {
      let complete = true;
      const page = await render(url, async (apiUrl) => {
        const answer = await serverApi(apiUrl);
        if (answer.status >= 500) complete = false;
        return answer;
      });
      return {
        complete,
        preload: firstPicturePreload(page.html),
        head: headFor(page.screenFile, page.html),
        root: page.html,
        state: scriptJson(page.state),
      };
    },
  };
}
