/** Query parameters and path segments that carry secrets and must never reach a log line. */
const SECRET_PARAMS = /([?&](?:token|securitykey|password|npassword|cpassword|key|payment_key)=)[^&#]*/gi;
const SECRET_PATHS = /(\/set-password\/|\/pay\/test\/|\/api\/(?:order|sponsorship)document\/)[^/?#]+/gi;

/** A cheap first look: most URLs hold none of the names above, and are returned as they are. */
const MAY_HOLD_SECRET =
  /(?:token|key|password)=|\/set-password\/|\/pay\/test\/|\/api\/(?:order|sponsorship)document\//i;

export function redactUrl(url: string): string {
  if (!MAY_HOLD_SECRET.test(url)) return url;
  return url.replace(SECRET_PARAMS, '$1[REDACTED]').replace(SECRET_PATHS, '$1[REDACTED]');
}
