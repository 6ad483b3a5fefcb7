import { ROUTES } from '@portal/contracts/routes';

/**
 * Query parameters that carry secrets and must never reach a log line: any name ending in
 * `key` or `token` (securitykey, link_key, payment_key, order_key, enq_key, token…) and the
 * password fields.
 */
const SECRET_PARAMS = /([?&](?:[\w-]*key|[\w-]*token|password|npassword|cpassword)=)[^&#]*/gi;

/**
 * Addresses whose last segment is a key, an unguessable name or a credential: every page of
 * the route table with a `:key` (reset and pay links, orders, enquiries, payment results),
 * the public pay-link result pages (their `:id` is the payment's key), the test gateway's
 * session, the documents' short links and the schools' stored files.
 */
const SECRET_PREFIXES = [
  ...Object.values(ROUTES)
    .map(({ path }) => path)
    .filter((path) => path.endsWith('/:key')),
  ROUTES.sponsorshipPaymentConfirmed.path,
  ROUTES.sponsorshipPaymentError.path,
  ROUTES.orderPaymentConfirmed.path,
  ROUTES.orderPaymentError.path,
]
  .map((path) => path.replace(/:\w+$/, ''))
  .concat(['/pay/test/', '/api/orderdocument/', '/api/sponsorshipdocument/', '/api/orderfile/']);

const escaped = SECRET_PREFIXES.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
const SECRET_PATHS = new RegExp(`(${escaped})[^/?#]+`, 'gi');

/** A cheap first look: most URLs hold none of the names above, and are returned as they are. */
const MAY_HOLD_SECRET = new RegExp(`(?:key|token|password)=|${escaped}`, 'i');

export function redactUrl(url: string): string {
  if (!MAY_HOLD_SECRET.test(url)) return url;
  return url.replace(SECRET_PARAMS, '$1[REDACTED]').replace(SECRET_PATHS, '$1[REDACTED]');
}
