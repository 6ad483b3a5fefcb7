import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { products } from '../../db/schema/index.ts';
import { isoDay } from '../../lib/dates.ts';
import { PreparedBody, sendPrepared } from '../../lib/prepared-body.ts';
import { escapeHtml } from '../mail/layout.ts';

const STATIC_PATHS = ['/', '/about', '/contact', '/products', '/privacy-policy', '/terms-of-service'];

/** Public pages inside the signed-in areas' folders, which crawlers may read. */
const PUBLIC_PATHS = ['/school/login', '/school/register', '/sponsor/login', '/sponsor/register'];

/** Paths crawlers have no business in: the API and the signed-in areas. */
const PRIVATE_PATHS = [
  '/api/',
  '/school/',
  '/sponsor/',
  '/admin',
  '/order-now/',
  '/checkout/',
  '/enquire-now/',
  '/set-password/',
];

/** /sitemap.xml (the public pages, every category and product) and /robots.txt. */
export async function registerSitemap(app: FastifyInstance, ctx: AppContext) {
  const { publicUrl } = ctx.config;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      ...PUBLIC_PATHS.map((p) => `Allow: ${p}`),
      ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${publicUrl}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const xml = await ctx.cache.listings.get('sitemap', async () => {
      const categories = await ctx.cache.categories.get();
      const rows = await ctx.db
        .select({ slug: products.product_slug, updated: products.updated_at })
        .from(products)
        .where(eq(products.status, 1));
      const url = (path: string, lastmod?: Date) =>
        `<url><loc>${escapeHtml(`${publicUrl}${path}`)}</loc>${lastmod ? `<lastmod>${isoDay(lastmod)}</lastmod>` : ''}</url>`;
      const lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...STATIC_PATHS.map((p) => url(p)),
        ...categories.map((c) => url(`/category/${encodeURIComponent(c.category_slug)}`)),
        ...rows.map((r) => url(`/product/${encodeURIComponent(r.slug)}`, r.updated)),
        '</urlset>',
      ];
      return new PreparedBody(lines.join('\n'));
    });
    // One line per product: compressed once for the crawlers, which all accept gzip.
    return sendPrepared(
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600'),
      xml,
    );
  });
}
