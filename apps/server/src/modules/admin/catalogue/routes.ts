import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { adminCategoryRoutes } from './category-routes.ts';
import { adminProductRoutes } from './product-routes.ts';
import { adminCatalogueUploadRoutes } from './upload-routes.ts';

/**
 * /api/admin/categories and /api/admin/products: the catalogue (D15). Staff read it; only
 * administrators change it. Every change is in the audit log and shows on the public site
 * at once (the catalogue's caches are dropped by the change feed).
 */
export function adminCatalogueRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(adminCategoryRoutes(ctx));
    await app.register(adminProductRoutes(ctx));
    await app.register(adminCatalogueUploadRoutes(ctx));
  };
}
