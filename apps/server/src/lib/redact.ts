/** Query parameters and path segments that carry secrets and must never reach a log line. */
const SECRET_PARAMS = /([?&](?:token|securitykey|password|npassword|cpassword|key|payment_key)=)[^&#]*/gi;
const SECRET_PATHS = /(\/set-password\/)[^/?#]+/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[REDACTED]').replace(SECRET_PATHS, '$1[REDACTED]');
}
