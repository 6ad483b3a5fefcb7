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
  /** The browser completes the call even if the page is left meanwhile (a save sent on leaving). */
  keepalive?: boolean;
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** Where calls go: the network in the browser; the server's own routes when the server renders a page. */
export function setApiTransport(next: Transport) {
  transport = next;
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
    response = await transport(url, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      credentials: 'same-origin',
      signal: options.signal,
      keepalive: options.keepalive,
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

/**
 * Sends a multipart form with its upload progress (0 to 1), which only XMLHttpRequest
 * reports. Failures are thrown as ApiErrors, without a toast: the form shows them by the file.
 */
function upload<T>(
  operation: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(operation));
    const { token } = browserSession.get();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader(XSRF_HEADER, readCookie(XSRF_COOKIE) ?? '');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let data: ({ status?: string; message?: string; errors?: Record<string, string> } & T) | null = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && data?.status === 'success') return resolve(data);
      if (xhr.status === 401 && token) browserSession.expire();
      reject(new ApiError(xhr.status, data?.message || MSG.genericError, data?.errors));
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'Could not reach the server. Please check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * Saves a file that only the signed-in owner may read: the link carries no token, so the
 * file is fetched with it and handed to the browser.
 */
async function download(path: string, fileName: string): Promise<void> {
  const { token } = browserSession.get();
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} }).catch(() => null);
  if (!response?.ok) {
    const data = (await response?.json().catch(() => null)) as { message?: string } | null;
    if (response?.status === 401 && token) browserSession.expire();
    toastError(data?.message || MSG.genericError);
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Opens a document in a new tab, in the browser's own viewer, from a link the server makes
 * for it (`link` resolves to its address; a new tab sends no session). The tab opens at
 * once, while the click still counts as the user's, so that a pop-up blocker lets it through.
 */
async function openInNewTab(link: () => Promise<string>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await link();
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** One client for every call: adds the session token and the anti-forgery header (D4, D5). */
export const api = {
  get: <T>(operation: string, query?: Query, options: CallOptions = {}) =>
    call<T>('GET', buildUrl(operation, query), undefined, options),
  post: <T>(operation: string, body?: unknown, options: CallOptions = {}) =>
    call<T>('POST', buildUrl(operation), body, options),
  upload,
  download,
  openInNewTab,
};
