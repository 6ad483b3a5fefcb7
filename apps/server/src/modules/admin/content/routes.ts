import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { requireAdmin } from '../staff.ts';
import { contentPageRoutes } from './content-page-routes.ts';
import { faqRoutes } from './faq-routes.ts';
import { settingsAdminRoutes } from './settings-routes.ts';
import { testimonialRoutes } from './testimonial-routes.ts';

/** The back office's content (D15): content pages, testimonials, FAQs and site settings, for administrators. */
export function adminContentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // A sales rep is refused before the input is read, so a rep's malformed request is a 403 too, not a 400.
    app.addHook('preValidation', async (request) => {
      await requireAdmin(ctx, request);
    });
    await app.register(contentPageRoutes(ctx));
    await app.register(testimonialRoutes(ctx));
    await app.register(faqRoutes(ctx));
    await app.register(settingsAdminRoutes(ctx));
  };
}
