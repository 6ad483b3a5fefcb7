import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { deliverGatewayEvent } from './handle-gateway-event.ts';
import { type CardForm, checkTestCard } from './test-card.ts';
import { findTestSession, formTokenOf, isFormToken, settleTestSession, TEST_PAY_PATH } from './test-gateway.ts';
import { notFoundPage, paymentFormPage, refusedPage, sessionClosedPage } from './test-gateway-page.ts';

const Params = z.object({ sessionId: z.string().max(200) });
const text = z.string().optional().catch(undefined);
const Body = z.object({ form_token: text, card_number: text, expiry: text, cvc: text, name: text });

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    // Card fields and the form token are never kept by a cache.
    .header('cache-control', 'no-store')
    .send(body);

/**
 * The test gateway's hosted page (D13), outside the web app and the API: a plain HTML form
 * that posts to itself. Registered only when the test gateway is the one in use.
 */
export function testGatewayRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(TEST_PAY_PATH, { schema: { hide: true, params: Params } }, async (request, reply) => {
      const session = await findTestSession(ctx.db, request.params.sessionId);
      if (!session) return html(reply, 404, notFoundPage());
      if (session.status !== 'open') return html(reply, 200, sessionClosedPage(session));
      return html(reply, 200, paymentFormPage(session, formTokenOf(session)));
    });

    app.post(TEST_PAY_PATH, { schema: { hide: true, params: Params, body: Body } }, async (request, reply) => {
      const session = await findTestSession(ctx.db, request.params.sessionId);
      if (!session) return html(reply, 404, notFoundPage());
      // Exempt from the anti-forgery header (see app.ts): the page's own token stands in for it.
      if (!isFormToken(session, request.body.form_token)) return html(reply, 403, refusedPage());
      if (session.status !== 'open') return html(reply, 409, sessionClosedPage(session));

      const form: CardForm = {
        card_number: (request.body.card_number ?? '').slice(0, 40),
        expiry: (request.body.expiry ?? '').slice(0, 20),
        cvc: (request.body.cvc ?? '').slice(0, 10),
        name: (request.body.name ?? '').slice(0, 200),
      };
      const check = checkTestCard(form, new Date());
      // The page is no-store and served only at this session's address: the payer's answers
      // are written back into it so that one mistake does not clear the others.
      if (!check.ok) return html(reply, 400, paymentFormPage(session, formTokenOf(session), form, check.errors));
      if (!(await settleTestSession(ctx.db, session.id, check.outcome, check.last4))) {
        const now = await findTestSession(ctx.db, session.id);
        return html(reply, 409, sessionClosedPage(now ?? session));
      }
      // The gateway tells the server of the result itself, as Stripe's webhook does, so that
      // the payment counts however the payer's browser goes on (closed, or without the
      // school's session).
      await deliverGatewayEvent(ctx, request.log, 'test', {
        ref: session.id,
        outcome: check.outcome === 'paid' ? 'settle' : 'failed',
      });
      return reply.redirect(check.outcome === 'paid' ? session.success_url : session.cancel_url, 303);
    });
  };
}
