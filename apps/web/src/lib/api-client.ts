import { XSRF_COOKIE, XSRF_HEADER } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { matchRoute } from '@portal/contracts/routes';
import { browserSession } from './browser-session.ts';
import { toastError } from './toast.tsx';

/** A failed call, carrying the server's message and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;
  constructor(status: number, message: string, errors: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface CallOptions {
  /** Do not show a toast on failure: the caller shows the error itself. */
  silent?: boolean;
  signal?: AbortSignal;
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(prefix))
    ?.slice(prefix.length);
}

function buildUrl(operation: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `/api/${operation}${qs ? `?${qs}` : ''}`;
}

async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  body: unknown,
  options: CallOptions,
  retried = false,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const { token } = browserSession.get();
  if (token) headers.authorization = `Bearer ${token}`;
  if (method === 'POST') {
    headers['content-type'] = 'application/json';
    headers[XSRF_HEADER] = readCookie(XSRF_COOKIE) ?? '';
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    const error = new ApiError(0, 'Could not reach the server. Please check your connection and try again.');
    if (!options.silent) toastError(error.message);
    throw error;
  }

  const data = (await response.json().catch(() => null)) as
    | ({ status?: string; message?: string; errors?: Record<string, string> } & T)
    | null;
  // Without the anti-forgery cookie yet (a page not served by this server), the refusal brings one: try once more.
  if (
    response.status === 403 &&
    method === 'POST' &&
    !retried &&
    data?.message === MSG.xsrf &&
    readCookie(XSRF_COOKIE)
  ) {
    return call<T>(method, url, body, options, true);
  }
  if (!response.ok || !data || data.status !== 'success') {
    const error = new ApiError(response.status, data?.message || MSG.genericError, data?.errors);
    if (response.status === 401 && token) {
      // The login screen a guarded page leads to says so; a public page stays and says it here.
      const onPublicPage = matchRoute(window.location.pathname)?.guard === 'public';
      if (browserSession.get().signedIn && onPublicPage && !options.silent) toastError(MSG.sessionExpired);
      browserSession.expire();
      throw error;
    }
    if (!options.silent) toastError(error.message);
    throw error;
  }
  return data;
}

/** One client for every call: adds the session token and the anti-forgery header (D4, D5). */
export const api = {
  get: <T>(operation: string, query?: Query, options: CallOptions = {}) =>
    call<T>('GET', buildUrl(operation, query), undefined, options),
  post: <T>(operation: string, body?: unknown, options: CallOptions = {}) =>
    call<T>('POST', buildUrl(operation), body, options),
};
