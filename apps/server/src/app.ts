import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { AccessLog } from './lib/access-log.ts';
import { requestIdGenerator } from './lib/request-id.ts';
import { requestLogger } from './lib/request-logger.ts';
import { validatorCompiler } from './lib/validator-compiler.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { captureToken } from './modules/auth/require-user.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { enquiryRoutes } from './modules/enquiries/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { devMailboxApi, devMailboxPage, hasDevMailbox } from './modules/mail/dev-mailbox.ts';
import { checkoutRoutes } from './modules/orders/checkout-routes.ts';
import { orderFileRoutes } from './modules/orders/file-routes.ts';
import { invoiceRoutes } from './modules/orders/order-invoice-routes.ts';
import { orderPayLinkRoutes } from './modules/orders/order-pay-link-routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { schoolOrderRoutes } from './modules/orders/school-order-routes.ts';
import { pageRoutes } from './modules/pages/routes.ts';
import { STRIPE_WEBHOOK_PATH, stripeWebhookRoutes } from './modules/payments/stripe-webhook-routes.ts';
import { TEST_PAY_PATH } from './modules/payments/test-gateway.ts';
import { testGatewayRoutes } from './modules/payments/test-gateway-routes.ts';
import { schoolProofRoutes } from './modules/proofs/school-proof-routes.ts';
import { referenceRoutes } from './modules/reference/routes.ts';
import { schoolRoutes } from './modules/schools/routes.ts';
import { registerChangeSync } from './modules/servers/sync-changes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { sponsorRoutes } from './modules/sponsors/routes.ts';
import { payLinkRoutes } from './modules/sponsorships/pay-link-routes.ts';
import { sponsorshipRoutes } from './modules/sponsorships/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { registerSpa } from './modules/web/spa.ts';
import { registerCompression } from './plugins/compression.ts';
import { frameworkErrors, registerErrorHandling } from './plugins/error-handler.ts';
import { registerSecurity } from './plugins/security.ts';

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count trusts that many addresses nearest the
 * server (the connection's own, then X-Forwarded-For from its end), as proxy-addr counts
 * hops; Fastify itself now ignores a bare number, so it is given as that function.
 */
function trustedProxies(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** Builds the HTTP application around an already-connected context; it logs to the context's log. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    loggerInstance: ctx.log,
    genReqId: requestIdGenerator(),
    logController: new AccessLog(),
    childLoggerFactory: requestLogger,
    // Only the configured proxies are believed about the client's address (TRUST_PROXY):
    // per-IP limits and the audit log's addresses must not be a client's own say-so.
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 1_048_576,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(fastifyFormbody);
  registerErrorHandling(app);
  registerSecurity(app, {
    secureCookies: config.publicUrl.startsWith('https:'),
    // The only requests spared the anti-forgery header (D5), as neither sender can set it:
    // Stripe's webhook proves itself with its signature; the test gateway's hosted page is a
    // plain HTML form, proved by its unguessable session address and the page's own form token.
    xsrfExempt: [STRIPE_WEBHOOK_PATH, TEST_PAY_PATH],
  });
  registerCompression(app);
  // With several servers, a change's answer waits until the others have been told of it.
  registerChangeSync(app, ctx.feed, [ctx.cache.schoolOrderLists]);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'School Planner Savings API',
        version: '1.0.0',
        description:
          'Every answer carries `status` and `message`. POST requests must echo the XSRF-TOKEN cookie in the X-XSRF-TOKEN header. Signed-in calls send `Authorization: Bearer <token>`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: false });

  await app.register(
    async (api) => {
      // Public reference data, the same for everyone: no session is looked at.
      await api.register(healthRoutes(ctx));
      await api.register(pageRoutes(ctx));
      await api.register(settingsRoutes(ctx));
      await api.register(referenceRoutes(ctx));
      if (hasDevMailbox(config)) await api.register(devMailboxApi(ctx));
      await api.register(stripeWebhookRoutes(ctx));
      // Paying a sponsorship by a pay link: the link's key, not a session, says what may be paid.
      await api.register(payLinkRoutes(ctx));
      await api.register(orderPayLinkRoutes(ctx));
      // Operations that may act for a signed-in user read the token before validation.
      await api.register(async (withSession) => {
        withSession.addHook('preValidation', captureToken);
        await withSession.register(authRoutes(ctx));
        await withSession.register(schoolRoutes(ctx));
        await withSession.register(sponsorRoutes(ctx));
        await withSession.register(sponsorshipRoutes(ctx));
        await withSession.register(contactRoutes(ctx));
        await withSession.register(catalogueRoutes(ctx));
        await withSession.register(orderRoutes(ctx));
        await withSession.register(orderFileRoutes(ctx));
        await withSession.register(checkoutRoutes(ctx));
        await withSession.register(schoolOrderRoutes(ctx));
        await withSession.register(invoiceRoutes(ctx));
        await withSession.register(schoolProofRoutes(ctx));
        await withSession.register(enquiryRoutes(ctx));
        await withSession.register(supportRoutes(ctx));
        await withSession.register(adminRoutes(ctx), { prefix: '/admin' });
      });
    },
    { prefix: '/api' },
  );
  if (hasDevMailbox(config)) await app.register(devMailboxPage(ctx));
  if (ctx.gateway.name === 'test') await app.register(testGatewayRoutes(ctx));

  await registerSpa(app, ctx);
  return app;
}
