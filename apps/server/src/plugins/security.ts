import { randomBytes, timingSafeEqual } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { forbidden } from '../lib/errors.ts';

/**
 * Scripts only from our origin. Styles allow inline because the component library sets
 * style attributes at run time; nothing user-supplied is ever rendered as HTML (D16).
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self'",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const STATIC_HEADERS: Record<string, string> = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function setXsrfCookie(reply: FastifyReply, secure: boolean) {
  reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
    path: '/',
    sameSite: 'strict',
    secure,
    httpOnly: false, // the web app reads it to echo it in the header
  });
}

export interface SecurityOptions {
  secureCookies: boolean;
  /** Paths that authenticate otherwise (signed gateway webhooks). */
  xsrfExempt?: string[];
}

/**
 * Security headers on every answer, and the double-submit anti-forgery check (D5): the
 * server hands out an XSRF-TOKEN cookie, and every unsafe request must echo it in the
 * X-XSRF-TOKEN header. A cross-site page can send the cookie but cannot read it.
 */
export function registerSecurity(app: FastifyInstance, options: SecurityOptions) {
  const exempt = new Set(options.xsrfExempt ?? []);

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(STATIC_HEADERS);
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) setXsrfCookie(reply, options.secureCookies);
    if (!UNSAFE_METHODS.has(request.method) || exempt.has(request.routeOptions.url ?? '')) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) throw forbidden(MSG.xsrf);
  });
}
