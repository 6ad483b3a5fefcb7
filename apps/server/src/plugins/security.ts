import { randomBytes, timingSafeEqual } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, serializeCookie } from '../lib/cookies.ts';
import { forbidden } from '../lib/errors.ts';
import { BOOT_SCRIPT_SOURCE } from '../modules/web/deferred-scripts.ts';

/**
 * Scripts only from our origin. Styles allow inline because the component library sets
 * style attributes at run time; nothing user-supplied is ever rendered as HTML (D16).
 */
const CSP = [
  "default-src 'self'",
  `script-src 'self' ${BOOT_SCRIPT_SOURCE}`,
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

const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/** For pages a browser renders: the app's HTML, its files, the API documentation. */
const DOCUMENT_HEADERS: Record<string, string> = {
  ...COMMON_HEADERS,
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * For JSON answers, which nothing should ever render: a policy that allows nothing at all,
 * as OWASP advises for APIs. Shorter, too, on the answers the app sends most.
 */
const API_HEADERS: Record<string, string> = {
  ...COMMON_HEADERS,
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/**
 * A public page that the server rendered and whose scripts wait for the visitor (a product,
 * a listing, an information page) holds nobody's data, and goes out without the opener
 * policy: the policy puts every page that a visitor enters by into a new browsing context
 * group, and on a phone into a new renderer process, which costs the page's load more than
 * anything else on it (decision 014). Every other document keeps the policy.
 */
export function withoutOpenerIsolation(reply: FastifyReply): void {
  reply.removeHeader('cross-origin-opener-policy');
}

const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Hands out the anti-forgery cookie unless the browser already has one. */
export function issueXsrfCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean) {
  if (readCookie(request.headers.cookie, XSRF_COOKIE)) return;
  reply.header(
    'set-cookie',
    // Not HttpOnly: the web app reads it to echo it in the header.
    serializeCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), { path: '/', sameSite: 'Strict', secure }),
  );
}

/** Browsers that once reached the site over https keep to https for a year, subdomains too. */
const STRICT_TRANSPORT = 'max-age=31536000; includeSubDomains';

export interface SecurityOptions {
  /** The site is served over https (its public address): cookies are Secure and browsers told to keep to https. */
  secureCookies: boolean;
  /** Paths that authenticate otherwise (signed gateway webhooks). */
  xsrfExempt?: string[];
}

/**
 * Security headers and the request id on every answer, and the double-submit
 * anti-forgery check (D5): every unsafe request must echo the XSRF-TOKEN cookie in the
 * X-XSRF-TOKEN header. A cross-site page can make the browser send the cookie but cannot
 * read it. The cookie is handed out with the app's HTML, which every browser visit
 * starts with, and with a refusal, so that a client without it can retry.
 */
export function registerSecurity(app: FastifyInstance, options: SecurityOptions) {
  const exempt = new Set(options.xsrfExempt ?? []);

  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? API_HEADERS : DOCUMENT_HEADERS);
    if (options.secureCookies) reply.header('strict-transport-security', STRICT_TRANSPORT);
    reply.header('x-request-id', request.id);
    if (!UNSAFE_METHODS.has(request.method) || exempt.has(request.routeOptions.url ?? '')) return done();
    const cookie = readCookie(request.headers.cookie, XSRF_COOKIE);
    const header = request.headers[XSRF_HEADER];
    if (cookie && typeof header === 'string' && sameToken(cookie, header)) return done();
    issueXsrfCookie(request, reply, options.secureCookies);
    done(forbidden(MSG.xsrf));
  });
}
