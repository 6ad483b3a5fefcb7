import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { TErrorEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import { matchRoute, ROUTES, type RouteDef } from '@portal/contracts/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { CachedMap } from '../../lib/change-feed.ts';
import { PreparedBody, sendPrepared } from '../../lib/prepared-body.ts';
import { issueXsrfCookie, withoutOpenerIsolation } from '../../plugins/security.ts';
import { categoryHead, productHead } from '../catalogue/get-page-heads.ts';
import { deferScripts } from './deferred-scripts.ts';
import { headFromPage, renderHead, withSeo } from './render-head.ts';
import { loadServerRenderer, type ServerRenderer } from './server-render.ts';
import { registerSitemap } from './sitemap.ts';
import { registerUploads } from './uploads.ts';

const HEAD_MARKER = '<!--app-head-->';
const ROOT_ELEMENT = '<div id="root"></div>';
/** What a page is made from: content pages, the catalogue, the settings (contact details) and the testimonials. */
const PAGE_TABLES = ['content_pages', 'categories', 'products', 'product_images', 'site_settings', 'testimonials'];
const YEAR_S = 365 * 24 * 60 * 60;
/**
 * Screens that are a form to fill in keep their scripts in the head, to hydrate as soon as
 * they can: a password manager fills a sign-in form as the page loads, and the form must be
 * live by then (decision 013). The other public pages load their scripts after their first paint.
 */
const FORM_SCREENS = new Set<RouteDef>([
  ROUTES.schoolLogin,
  ROUTES.sponsorLogin,
  ROUTES.schoolRegister,
  ROUTES.sponsorRegister,
  ROUTES.contact,
  ROUTES.forgotPassword,
  ROUTES.setPassword,
  // A pay link and its results show the payer's own figures, which the server does not render
  // (they change with every payment): their scripts must run at once to fetch them.
  ROUTES.sponsorshipPay,
  ROUTES.sponsorshipPaymentConfirmed,
  ROUTES.sponsorshipPaymentError,
  ROUTES.orderPay,
  ROUTES.orderPaymentConfirmed,
  ROUTES.orderPaymentError,
]);

function loadTemplate(webDist: string): string {
  const file = path.join(webDist, 'index.html');
  if (!existsSync(file)) {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8">${HEAD_MARKER}</head><body><p>The web app has not been built: run <code>npm run build</code>.</p></body></html>`;
  }
  const html = readFileSync(file, 'utf8');
  // The built page carries a placeholder title for the dev server; the server writes the real head.
  return html.replace(/<title>.*?<\/title>/s, '');
}

/**
 * Serves the built web app (D1): hashed assets with a year's cache, and index.html for
 * every page path, its head written from the route's content page so that crawlers
 * which run no JavaScript see the title, description, canonical URL and social tags.
 * Paths that are no screen get the same app (which shows Page not found) with a 404.
 */
export async function registerSpa(app: FastifyInstance, ctx: AppContext) {
  const { webDist, publicUrl } = ctx.config;
  const template = loadTemplate(webDist);

  if (existsSync(webDist)) {
    await app.register(async (scope) => {
      // The static routes declare JSON-schema params that the zod compiler cannot read; they need no validation.
      scope.setValidatorCompiler(() => (value) => ({ value }));
      // A path with a NUL names no file: it gets the Page not found page, not the file
      // server's 403 (which would read as the visitor lacking a right).
      scope.addHook('onRequest', async (request, reply) => {
        if (/%00/i.test(request.url.split('?')[0] ?? '')) return reply.callNotFound();
      });
      await scope.register(fastifyStatic, {
        root: webDist,
        index: false,
        wildcard: true,
        dotfiles: 'ignore',
        // The build wrote .br and .gz copies (precompress.ts): the one the browser accepts is sent, with Vary.
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, filePath) {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', hashed ? `public, max-age=${YEAR_S}, immutable` : 'public, max-age=86400');
        },
      });
    });
  }

  // The catalogue's pictures and overview PDFs, from the file storage.
  registerUploads(app, ctx);

  // The public pages are rendered on the server when the build has the renderer; signed-in screens render in the browser.
  // A rendered page links the app's stylesheet, which every page shares and the browser
  // keeps, and carries its screen's own rules inside it (decision 015).
  const renderer = await loadServerRenderer(webDist, app);

  /**
   * A page's HTML and status, made once per path until a content page or the catalogue
   * changes; its compressed copies are made once too, when first asked for.
   */
  const pagesByPath = new CachedMap<{ html: PreparedBody; found: boolean; deferred: boolean }>(
    ctx.feed,
    PAGE_TABLES,
    500,
  );
  const prepared = ({ html, ...page }: { html: string; found: boolean; deferred: boolean }) => ({
    html: new PreparedBody(html),
    ...page,
  });

  async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    const [pathname = '/', query] = request.url.split('?');
    const route = matchRoute(pathname);
    // Paths are matched as written; one typed with capitals (/About) goes to the page it means.
    if (!route && pathname !== pathname.toLowerCase() && matchRoute(pathname.toLowerCase())) {
      return reply.redirect(`${pathname.toLowerCase()}${query === undefined ? '' : `?${query}`}`, 301);
    }
    // A page is kept until what it shows changes, unless a query (a search, a sort) makes it
    // one of countless variants. A path that is no page (an unknown product) is made afresh
    // each time, so that invented addresses cannot crowd the real pages out. A page made
    // while the content could not be read is sent but not kept.
    const page =
      route !== undefined && query === undefined
        ? await pagesByPath
            .get(pathname, () => renderPage(pathname, route, { tolerant: false }).then(prepared))
            .catch(() => renderPage(pathname, route, { tolerant: true }))
        : await renderPage(pathname, route, { tolerant: true }, query);
    if (!page.found) pagesByPath.delete(pathname);
    issueXsrfCookie(request, reply, publicUrl.startsWith('https:'));
    if (page.deferred) withoutOpenerIsolation(reply);
    reply
      .code(page.found ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    // A page made for this request alone is compressed as it goes out, at per-request settings.
    return page.html instanceof PreparedBody ? sendPrepared(reply, page.html) : reply.send(page.html);
  }

  async function renderPage(
    pathname: string,
    matched: ReturnType<typeof matchRoute>,
    { tolerant }: { tolerant: boolean },
    query?: string,
  ) {
    let route = matched;
    // Without its content page a page still goes out, with the site's general head.
    const pages = tolerant ? await ctx.cache.pages.get().catch(() => new Map()) : await ctx.cache.pages.get();
    const page = route?.contentPage ? pages.get(route.contentPage) : pages.get(1);
    let head = headFromPage(route ? page : undefined, publicUrl, pathname);
    // Category and product pages take their head from their own SEO fields.
    const [, kind, slug] = /^\/(category|product)\/([^/]+)\/?$/.exec(pathname) ?? [];
    if (kind && slug) {
      const seo = await (kind === 'category' ? categoryHead : productHead)(ctx, decodeURIComponent(slug)).catch(
        () => undefined,
      );
      if (seo) head = withSeo(head, seo, publicUrl);
      else route = undefined;
    }
    const headTags = renderHead(route ? head : { ...head, title: 'Page not found' });
    const rendered =
      route?.guard === 'public' && renderer
        ? await renderBody(renderer, query === undefined ? pathname : `${pathname}?${query}`)
        : undefined;
    if (!rendered) {
      // A screen the browser renders itself: its code is fetched with the app's entry.
      const preloads = route && renderer ? renderer.preloadsFor(pathname) : '';
      const html = template.replace(HEAD_MARKER, headTags);
      return {
        html: preloads ? html.replace('</head>', `  ${preloads}\n  </head>`) : html,
        found: route !== undefined,
        deferred: false,
      };
    }
    // A page missing some of its data is not kept: the one kept before is served instead, if any.
    if (!tolerant && !rendered.complete) throw new Error('page data unavailable');
    const html = template
      .replace(HEAD_MARKER, `${headTags}${rendered.preload ? `\n    ${rendered.preload}` : ''}`)
      // After the entry's own stylesheets, as when the browser loads the screen itself: the screen's rules win ties.
      .replace('</head>', `  ${rendered.head}\n  </head>`)
      .replace(
        ROOT_ELEMENT,
        `<div id="root">${rendered.root}</div><script id="app-state" type="application/json">${rendered.state}</script>`,
      );
    const deferred = !(route && FORM_SCREENS.has(route));
    return { html: deferred ? deferScripts(html) : html, found: route !== undefined, deferred };
  }

  /** A public page rendered on the server; if that fails, the page still goes out and renders in the browser. */
  async function renderBody(using: ServerRenderer, url: string) {
    try {
      return await using.render(url);
    } catch (error) {
      app.log.error({ err: error, url }, 'server render failed');
      return undefined;
    }
  }

  await registerSitemap(app, ctx);

  // The static plugin's wildcard also matches '/', a directory it refuses with 403.
  app.get('/', { schema: { hide: true } }, sendIndex);
  // The raw template is no page of its own.
  app.get('/index.html', { schema: { hide: true } }, (_request, reply) => reply.redirect('/', 301));

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD')) return sendIndex(request, reply);
    return reply.code(404).send({ status: 'error', message: MSG.apiNotFound } satisfies TErrorEnvelope);
  });
}
