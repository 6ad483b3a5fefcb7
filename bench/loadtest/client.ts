import { XSRF_COOKIE, XSRF_HEADER } from '@portal/contracts/constants';
import { xsrfCookie } from '../draft-save.ts';
import type { OperationKind, Recorder } from './stats.ts';

/** A request's failure, already recorded against its operation: the user's journey stops there. */
export class CallFailed extends Error {}

export interface Answer {
  status: number;
  text: string;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: the API's answers are read field by field by the journeys
  json: any;
}

interface CallOptions {
  method?: 'GET' | 'POST';
  /** A JSON body. */
  body?: unknown;
  /** A URL-encoded form body (the test gateway's hosted page), sent without the anti-forgery header. */
  form?: Record<string, string>;
  token?: string;
  /** The status that counts as success; 200 unless told. */
  expect?: number;
  /**
   * The client's address, sent as X-Forwarded-For as the site's proxy would: the server
   * (TRUST_PROXY=1) then counts the request against it, not against this machine's.
   */
  from?: string;
}

/**
 * One browser of a virtual user: the anti-forgery cookie it got with its first page, sent
 * back with the header on every state-changing call as the web app does (plugins/security.ts),
 * and each call timed and recorded under its operation's name. Requests go through Node's
 * fetch, whose connections are kept alive between calls.
 */
export class Browser {
  #xsrf = '';
  readonly url: string;
  readonly recorder: Recorder;

  constructor(url: string, recorder: Recorder) {
    this.url = url;
    this.recorder = recorder;
  }

  /** Opens the site as a browser's first visit does, which hands out the anti-forgery cookie. */
  async open(): Promise<void> {
    this.#xsrf = await xsrfCookie(this.url);
  }

  async call(operation: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const method = options.method ?? (options.body !== undefined || options.form ? 'POST' : 'GET');
    const kind: OperationKind = method === 'GET' ? 'read' : 'write';
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.from) headers['x-forwarded-for'] = options.from;
    let body: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    if (method === 'POST' && !options.form) {
      headers[XSRF_HEADER] = this.#xsrf;
      headers.cookie = `${XSRF_COOKIE}=${this.#xsrf}`;
    }
    const started = performance.now();
    let answer: Answer;
    try {
      const response = await fetch(`${this.url}${path}`, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      const json = response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : undefined;
      answer = { status: response.status, text, headers: response.headers, json };
    } catch (error) {
      const ms = performance.now() - started;
      this.recorder.fail(operation, kind, ms, `${method} ${path}: ${error instanceof Error ? error.message : error}`);
      throw new CallFailed(operation);
    }
    const ms = performance.now() - started;
    const expected = options.expect ?? 200;
    if (answer.status !== expected) {
      this.recorder.fail(
        operation,
        kind,
        ms,
        `${method} ${path} answered ${answer.status}: ${answer.text.slice(0, 200)}`,
      );
      throw new CallFailed(operation);
    }
    this.recorder.ok(operation, kind, ms);
    return answer;
  }

  /** Records a well-formed answer that says the wrong thing (a payment not paid, say) as a failure of its operation. */
  wrong(operation: string, why: string): never {
    this.recorder.wrong(operation, why);
    throw new CallFailed(operation);
  }
}
