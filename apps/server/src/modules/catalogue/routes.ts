import {
  AddToCartBody,
  AddToCartResponse,
  AddToEnquiryBody,
  AddToEnquiryResponse,
  AdvanceSearchQuery,
  AdvanceSearchResponse,
  AllCategoryResponse,
  CatBrandQuery,
  CatBrandResponse,
  CategoryQuery,
  CategoryResponse,
  ProductInfoQuery,
  ProductInfoResponse,
  ProductsResponse,
  ProductVisitedQuery,
  RecentProductQuery,
  SearchProductQuery,
  SearchProductResponse,
  TestimonialsResponse,
} from '@portal/contracts/catalogue';
import { ErrorEnvelope, SuccessEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { testimonials } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { prepareJson, sendRawJson } from '../../lib/raw-json.ts';
import { currentUser, requireSchool, requireSponsor } from '../auth/require-user.ts';
import { brandsOf } from './get-categories.ts';
import { getProductInfo } from './get-product-info.ts';
import { listProducts } from './list-products.ts';
import { recentProducts, recordVisit } from './recent-products.ts';
import { startEnquiry, startOrder } from './start-order.ts';

const tags = ['catalogue'];
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };
const ok = { status: 'success' as const, message: 'ok' };

export function catalogueRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const categoryBySlug = async (slug: string) => {
    const category = (await ctx.cache.categories.get()).find((c) => c.category_slug === slug);
    if (!category) throw notFound(MSG.categoryNotFound);
    return category;
  };

  return async (app) => {
    app.get(
      '/allcategory',
      { schema: { tags, summary: 'Every category with its product count', response: { 200: AllCategoryResponse } } },
      async () => ({
        ...ok,
        categories: (await ctx.cache.categories.get()).map(
          ({ category_name, category_slug, category_image, total_products }) => ({
            category_name,
            category_slug,
            category_image,
            total_products,
          }),
        ),
      }),
    );

    app.get(
      '/category',
      {
        schema: {
          tags,
          summary: 'A category and a page of its products',
          querystring: CategoryQuery,
          response: { 200: CategoryResponse, ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const key = JSON.stringify([q.slug, q.page, q.limit, q.sort, q.brands]);
        const json = await ctx.cache.listings.get(`category:${key}`, async () => {
          const { id, ...category } = await categoryBySlug(q.slug);
          const page = await listProducts(ctx.db, {
            categoryId: id,
            brands: q.brands,
            sort: q.sort,
            page: q.page,
            limit: q.limit,
          });
          return prepareJson({ ...ok, ...category, total_products: page.total, products: page.products });
        });
        return sendRawJson(reply, json);
      },
    );

    app.get(
      '/advancesearch',
      {
        schema: {
          tags,
          summary: 'All products, or those matching a search',
          querystring: AdvanceSearchQuery,
          response: { 200: AdvanceSearchResponse, ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const key = JSON.stringify([q.search.toLowerCase(), q.page, q.limit, q.sort, q.brands]);
        const json = await ctx.cache.listings.get(`search:${key}`, async () => {
          const page = await listProducts(ctx.db, {
            search: q.search,
            brands: q.brands,
            sort: q.sort,
            page: q.page,
            limit: q.limit,
          });
          return prepareJson({ ...ok, total_products: page.total, products: page.products });
        });
        return sendRawJson(reply, json);
      },
    );

    app.get(
      '/searchproduct',
      {
        schema: {
          tags,
          summary: 'Quick suggestions while typing a search',
          querystring: SearchProductQuery,
          response: { 200: SearchProductResponse, ...errors },
        },
      },
      async (request) => {
        const term = request.query.search_term;
        if (term.length < 2) return { ...ok, products: [] };
        const page = await listProducts(ctx.db, { search: term, brands: [], sort: 'name_asc', page: 1, limit: 8 });
        return {
          ...ok,
          products: page.products.map(
            ({ product_id, product_slug, product_name, product_image, product_image_srcset }) => ({
              product_id,
              product_slug,
              product_name,
              product_image,
              product_image_srcset,
            }),
          ),
        };
      },
    );

    app.get(
      '/catbrand',
      {
        schema: {
          tags,
          summary: 'The brands in a category (all brands without a slug)',
          querystring: CatBrandQuery,
          response: { 200: CatBrandResponse, ...errors },
        },
      },
      async (request) => {
        const categoryId = request.query.slug ? (await categoryBySlug(request.query.slug)).id : undefined;
        return { ...ok, brands: await brandsOf(ctx.db, categoryId) };
      },
    );

    app.get(
      '/productinfo',
      {
        schema: {
          tags,
          summary: 'A product page: details, pictures, similar products',
          querystring: ProductInfoQuery,
          response: { 200: ProductInfoResponse, ...errors },
        },
      },
      async (request, reply) => {
        const signedIn = !!(await currentUser(ctx, request));
        const { slug } = request.query;
        const json = await ctx.cache.listings.get(`product:${signedIn ? 1 : 0}:${slug}`, async () =>
          prepareJson({ ...ok, ...(await getProductInfo(ctx.db, slug, signedIn)) }),
        );
        return sendRawJson(reply, json);
      },
    );

    app.get(
      '/productvisited',
      {
        schema: {
          tags,
          summary: 'Record a visit to a product page',
          querystring: ProductVisitedQuery,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const user = await currentUser(ctx, request);
        await recordVisit(ctx.db, request.query.item_id, { userId: user?.userId, cartId: request.query.cart_id }).catch(
          (error: { code?: string; cause?: { code?: string } }) => {
            // A visit to a product that does not exist is not worth an error page.
            if (error.code !== '23503' && error.cause?.code !== '23503') throw error;
          },
        );
        return { ...ok, message: 'recorded' };
      },
    );

    app.get(
      '/recentproduct',
      {
        schema: {
          tags,
          summary: 'Recently viewed products, by user or cart id',
          querystring: RecentProductQuery,
          response: { 200: ProductsResponse, ...errors },
        },
      },
      async (request) => {
        const user = await currentUser(ctx, request);
        return {
          ...ok,
          products: await recentProducts(ctx.db, { userId: user?.userId, cartId: request.query.cart_id }),
        };
      },
    );

    app.get(
      '/testimonials',
      { schema: { tags, summary: 'What schools and sponsors say', response: { 200: TestimonialsResponse } } },
      async () => {
        const rows = await ctx.db
          .select({ name: testimonials.name, address: testimonials.address, note: testimonials.note })
          .from(testimonials)
          .where(eq(testimonials.published, true))
          .orderBy(asc(testimonials.sort_order), asc(testimonials.id));
        return { ...ok, testimonials: rows };
      },
    );

    app.post(
      '/addtocartv2',
      {
        schema: {
          tags,
          summary: 'A school starts a reservation of the product',
          body: AddToCartBody,
          response: { 200: AddToCartResponse, ...errors },
        },
      },
      async (request) => {
        const user = await currentUser(ctx, request);
        if (user && user.usertype !== 4) throw forbidden(MSG.schoolsOnly);
        const school = await requireSchool(ctx, request);
        return {
          status: 'success' as const,
          message: MSG.addedToOrder,
          order_key: await startOrder(ctx.db, school.userId, request.body.product_id, ctx.clock(), request.ip),
        };
      },
    );

    app.post(
      '/addtoenquiry',
      {
        schema: {
          tags,
          summary: 'A sponsor starts an enquiry about the product',
          body: AddToEnquiryBody,
          response: { 200: AddToEnquiryResponse, ...errors },
        },
      },
      async (request) => {
        const user = await currentUser(ctx, request);
        if (user && user.usertype !== 5) throw forbidden(MSG.sponsorsOnly);
        const sponsor = await requireSponsor(ctx, request);
        return {
          status: 'success' as const,
          message: MSG.enquiryStarted,
          enq_key: await startEnquiry(ctx.db, sponsor.userId, request.body.product_id, request.body.qty, request.ip),
        };
      },
    );
  };
}
