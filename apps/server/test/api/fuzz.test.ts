import { writeFileSync } from 'node:fs';
import { USER_TYPE, XSRF_HEADER } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sponsors } from '../../src/db/schema/index.ts';
import { bearer, signedInSponsor, signedInStaff } from '../helpers/accounts.ts';
import { createCatalogueApp } from '../helpers/catalogue.ts';
import { databaseDigest } from '../helpers/db-digest.ts';
import { sentEnquiry } from '../helpers/enquiries.ts';
import { leakIn, notAnEnvelope } from '../helpers/leaks.ts';
import {
  fillPath,
  type JsonSchema,
  type Operation,
  operationName,
  plausibleValue,
  readOperations,
  schemaType,
  withQuery,
} from '../helpers/openapi.ts';
import { schoolWithOrder, storedOrder } from '../helpers/orders.ts';
import { sponsorshipOf } from '../helpers/sponsorships.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { multipart, SAMPLES } from '../helpers/uploads.ts';

/**
 * Hostile input to every operation the OpenAPI document lists, the back office's included:
 * built from each operation's own schema, sent signed out and as each kind of user. No
 * answer may be a 5xx, every refusal is the envelope, nothing leaks, and nothing changes.
 */

let t: TestApp;
let operations: Operation[];

interface Caller {
  name: string;
  headers: Record<string, string>;
}
let callers: Caller[];

/**
 * Tables a refused request may legitimately write, left out of the "nothing changed" digest:
 * - `public.rate_limits`: failed sign-ins and reset requests are counted per address and
 *   account on purpose, refused or not (the fuzz sends malformed sign-ins);
 * - `pgboss.*`: the job queue's own bookkeeping (its maintenance and statistics run on their
 *   own clock); a job that a change would queue comes with an `email_outbox` row or a
 *   change of its own, which the digest keeps;
 * - `public.sessions`' `last_seen_at`, `expires_at` and `updated_at`: the sliding expiry a
 *   signed-in request may move, once a minute (a run past a minute writes it). The sessions
 *   themselves (how many, whose, revoked or not) are kept;
 * - `public.server_instances`' `seen_at`: the server's heartbeat, written every 10 seconds.
 */
const DIGEST = {
  ignore: ['public.rate_limits', 'pgboss.*'],
  ignoreColumns: {
    'public.sessions': ['last_seen_at', 'expires_at', 'updated_at'],
    'public.server_instances': ['seen_at'],
  },
};

const MB = 1 << 20;
const LONG = 'x'.repeat(1_000_000); // under the 1 MB body limit once quoted, so that it reaches the schema
const LONG_QUERY = 'q'.repeat(MB);
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';

/** Path parameters replaced by junk; the raw ones are sent as written, the others escaped. */
const PATH_JUNK: { value: string; raw?: boolean }[] = [
  { value: '../../etc/passwd', raw: true },
  { value: '..%2F..%2Fetc%2Fpasswd', raw: true },
  { value: '-1' },
  { value: '0' },
  { value: '1e99' },
  { value: '9223372036854775808' },
  { value: '2147483648' },
  { value: '%00', raw: true },
  { value: '%ED%A0%80', raw: true },
  { value: '%ZZ', raw: true },
  { value: 'x'.repeat(5000) },
];

const QUERY_JUNK: { label: string; query: (name: string) => string }[] = [
  { label: 'empty', query: (n) => `${n}=` },
  { label: 'negative', query: (n) => `${n}=-1` },
  { label: '1e99', query: (n) => `${n}=1e99` },
  { label: '2^63', query: (n) => `${n}=9223372036854775808` },
  { label: '2^31', query: (n) => `${n}=2147483648` },
  { label: 'NUL', query: (n) => `${n}=a%00b` },
  { label: 'lone surrogate', query: (n) => `${n}=a%ED%A0%80b` },
  { label: 'repeated', query: (n) => `${n}=1&${n}=2&${n}[]=3` },
  { label: 'bracketed object', query: (n) => `${n}[__proto__][polluted]=1&${n}[a]=1` },
  { label: 'traversal', query: (n) => `${n}=..%2F..%2Fetc%2Fpasswd` },
  { label: 'bad escape', query: (n) => `${n}=%E0%A4%A` },
];

/**
 * Real records of the fuzz's school and sponsor, named by the parameters that key them, so
 * that hostile values reach the handlers past the lookup of their record.
 */
const known: Record<string, string | number> = {};
const knownIds: Record<string, number> = {};

/** A record's id for the path parameter, by the collection the path names. */
function knownPathValue(path: string, param: string): number | undefined {
  if (param !== 'id') return undefined;
  const collection = /^\/api\/admin\/([a-z-]+)\/\{id\}/.exec(path)?.[1];
  return collection ? knownIds[collection] : undefined;
}

const withKnown = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).map(([k, v]) => [k, k in known ? known[k] : v]));

/** Wrong values for a field of the type, each labelled. */
function wrongValues(name: string, schema: JsonSchema, long: string): [string, unknown][] {
  switch (schemaType(schema)) {
    case 'integer':
    case 'number':
      return [
        ['1e308', 1e308],
        ['2^63', 2 ** 63],
        ['2^31', 2 ** 31],
        ['negative', -1],
        ['-1e308', -1e308],
        ['fraction', 0.5],
        ['text', 'abc'],
        ['object', { a: 1 }],
        ['null', null],
      ];
    case 'boolean':
      return [
        ['text', 'yes'],
        ['number', 2],
        ['array', [true]],
      ];
    case 'array':
      return [
        ['object', { 0: 1 }],
        ['array of nulls', [null, null]],
        ['text', 'x'],
        ['huge array', Array.from({ length: 10_000 }, () => plausibleValue(schema.items))],
      ];
    case 'object':
      return [
        ['array', []],
        ['text', 'x'],
      ];
    default: {
      // Text that holds a number: ids, keys, amounts, the reservation form's counts (noprimary_planners).
      const numeric = /(^|_)(id|key|amount|qty|price|cents|number|year|page|limit)$|^no[a-z0-9]+_/.test(name);
      return [
        [long === LONG ? '1 MB string' : 'long string', long],
        ['NUL', NUL],
        ['lone surrogate', LONE_SURROGATE],
        ['number', 12345],
        ['object', { $gt: '' }],
        ['array', ['a', 'b']],
        ...(numeric
          ? ([
              ['negative', '-1'],
              ['1e308', '1e308'],
              ['2^63', '9223372036854775808'],
              ['2^31', '2147483648'],
              ['-1e308', '-1e308'],
            ] as [string, unknown][])
          : []),
      ];
    }
  }
}

interface Variant {
  label: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
}

/** A bound on the variants of one operation, taken evenly from all that could be made. */
const MAX_VARIANTS = 40;
function spread<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  const step = items.length / max;
  return Array.from({ length: max }, (_, i) => items[Math.floor(i * step)] as T);
}

function variantsOf(op: Operation): Variant[] {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const basePath: Record<string, string> = Object.fromEntries(
    pathParams.map((p) => [p.name, String(knownPathValue(op.path, p.name) ?? plausibleValue(p.schema))]),
  );
  const baseQuery: Record<string, string> = Object.fromEntries(
    queryParams.map((p) => [p.name, String(known[p.name] ?? plausibleValue(p.schema))]),
  );
  const url = (path = basePath, query: Record<string, string> = baseQuery, raw = false) =>
    withQuery(fillPath(op.path, path, raw), query);

  const out: Variant[] = [];
  for (const param of pathParams) {
    for (const junk of PATH_JUNK) {
      const path = { ...basePath, [param.name]: junk.value };
      out.push({ label: `path ${param.name}=${junk.value.slice(0, 20)}`, url: url(path, baseQuery, junk.raw) });
    }
  }
  queryParams.forEach((param, index) => {
    if (param.required) {
      const { [param.name]: _, ...rest } = baseQuery;
      out.push({ label: `query ${param.name} missing`, url: url(basePath, rest) });
    }
    const others = withQuery('', Object.fromEntries(Object.entries(baseQuery).filter(([k]) => k !== param.name)));
    const join = (extra: string) => `${fillPath(op.path, basePath)}?${extra}${others ? `&${others.slice(1)}` : ''}`;
    for (const junk of QUERY_JUNK)
      out.push({ label: `query ${param.name} ${junk.label}`, url: join(junk.query(param.name)) });
    if (index === 0) out.push({ label: `query ${param.name} 1 MB`, url: join(`${param.name}=${LONG_QUERY}`) });
  });
  if (queryParams.length > 0 || op.method === 'GET') {
    out.push({
      label: 'query __proto__',
      url: `${url()}${queryParams.length ? '&' : '?'}__proto__[polluted]=1&constructor[prototype][polluted]=1`,
    });
  }

  if (op.method !== 'GET') out.push(...bodyVariants(op, url()));
  return spread(out, MAX_VARIANTS);
}

const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });

function bodyVariants(op: Operation, url: string): Variant[] {
  const out: Variant[] = [];
  const malformed: [string, string][] = [
    ['truncated JSON', '{"a":'],
    ['unbalanced JSON', '{"a":1}}'],
    ['bare word', 'nul'],
    ['JSON null', 'null'],
    ['JSON array', '[]'],
    ['JSON string', '"x"'],
    ['JSON number', '123'],
  ];
  for (const [label, payload] of malformed) out.push({ label, url, payload, contentType: 'application/json' });
  out.push({
    label: 'JSON __proto__',
    url,
    payload: '{"__proto__":{"polluted":true}}',
    contentType: 'application/json',
  });
  out.push({
    label: 'JSON constructor.prototype',
    url,
    payload: '{"constructor":{"prototype":{"polluted":true}}}',
    contentType: 'application/json',
  });
  out.push({ label: 'text/plain', url, payload: '{"a":1}', contentType: 'text/plain' });
  out.push({ label: 'xml', url, payload: '<a>1</a>', contentType: 'application/xml' });
  out.push({ label: 'no content type', url, payload: '{"a":1}', contentType: '' });
  out.push({ label: 'bad charset', url, payload: '{"a":1}', contentType: 'application/json; charset=utf-7' });

  // A body with nothing wrong in it for an operation that requires nothing is a valid request.
  const nothingWrong = new Set(['bad charset', 'body prototype key', 'form-encoded', 'base as multipart']);
  if (!op.body) return out.filter((v) => !nothingWrong.has(v.label));
  if (op.body.contentType === 'multipart/form-data') return [...out, ...multipartVariants(op, url)];

  const schema = op.body.schema;
  const base = withKnown(plausibleValue(schema) as Record<string, unknown>);
  const properties = Object.entries(schema.properties ?? {});
  for (const name of schema.required ?? []) {
    const { [name]: _, ...rest } = base;
    out.push({ label: `body ${name} missing`, url, ...json(rest) });
  }
  let strings = 0;
  for (const [name, fieldSchema] of properties) {
    // A megabyte for the first two text fields; the others get 20 kB, which any text limit refuses as well.
    const isText = schemaType(fieldSchema) === 'string' || schemaType(fieldSchema) === undefined;
    const long = isText && strings++ < 2 ? LONG : 'x'.repeat(20_000);
    for (const [label, value] of wrongValues(name, fieldSchema, long)) {
      out.push({ label: `body ${name} ${label}`, url, ...json({ ...base, [name]: value }) });
    }
  }
  // Keys the schema drops are harmless on a valid body: these go on one that lacks a required field.
  const firstRequired = schema.required?.[0];
  const { [firstRequired ?? '']: _, ...lacking } = firstRequired ? base : {};
  const withBase = JSON.stringify(lacking).slice(1);
  const rest = withBase === '}' ? '}' : `,${withBase}`;
  out.push({
    label: 'body __proto__',
    url,
    payload: `{"__proto__":{"isAdmin":true}${rest}`,
    contentType: 'application/json',
  });
  out.push({
    label: 'body prototype key',
    url,
    payload: `{"prototype":{"polluted":true}${rest}`,
    contentType: 'application/json',
  });
  out.push({ label: 'form-encoded', url, ...formOf(base) });
  out.push({ label: 'base as multipart', url, ...multipartOf(base) });
  const valid = VALID_WITHOUT[operationName(op)];
  const requiresNothing = !schema.required?.length || valid !== undefined;
  return out.filter(
    (v) => !(requiresNothing && nothingWrong.has(v.label)) && !(valid && v.label === `body ${valid} missing`),
  );
}

function formOf(base: Record<string, unknown>) {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(base)) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  form.append('__proto__[polluted]', '1');
  form.append(`x${NUL}`, LONE_SURROGATE);
  return { payload: form.toString(), contentType: 'application/x-www-form-urlencoded' };
}

function multipartOf(base: Record<string, unknown>) {
  const { body, contentType } = multipart(
    Object.entries(base).map(([name, v]) => ({ name, value: typeof v === 'string' ? v : JSON.stringify(v) })),
  );
  return { payload: body, contentType };
}

function multipartVariants(op: Operation, url: string): Variant[] {
  const names = Object.keys(op.body?.schema.properties ?? {}).filter((n) => n !== 'cfile');
  const fields = (value: string) => names.map((name) => ({ name, value }));
  const file = (filename: string, content: Buffer = SAMPLES.pdf) => ({ name: 'cfile', filename, content });
  const cases: [string, ReturnType<typeof multipart> & { contentType: string }][] = [
    ['multipart NUL fields', multipart([...fields(NUL), file('a.pdf')])],
    ['multipart long fields', multipart([...fields('y'.repeat(200_000)), file('a.pdf')])],
    ['multipart traversal filename', multipart([...fields('999999'), file('../../etc/passwd')])],
    ['multipart NUL filename', multipart([...fields('999999'), file('a\u0000.pdf')])],
    ['multipart no file', multipart(fields('999999'))],
    ['multipart unterminated', multipart([...fields('999999'), file('a.pdf')], { unterminated: true })],
    ['multipart two files', multipart([file('a.pdf'), file('b.pdf'), ...fields('999999')])],
    ['multipart __proto__ field', multipart([{ name: '__proto__', value: '{"polluted":1}' }, file('a.pdf')])],
  ];
  const out: Variant[] = cases.map(([label, m]) => ({ label, url, payload: m.body, contentType: m.contentType }));
  out.push({ label: 'multipart without boundary', url, payload: '--x\r\n\r\n', contentType: 'multipart/form-data' });
  out.push({ label: 'multipart as JSON', url, ...json(Object.fromEntries(names.map((n) => [n, '999999']))) });
  return out;
}

/** Fields the document marks required that an operation reads as empty when absent: leaving them out is a valid request. */
const VALID_WITHOUT: Record<string, string> = {
  // An absent list excludes no sponsorship (the schema reads it as []): the sponsor pays them all.
  'POST /api/paybulksponsorship': 'exclude_sponsorships',
};

/** Public operations and the signed-in users' ones are tried by everyone; the back office's by staff, and once each by the others. */
const isBackOffice = (op: Operation) => op.path.startsWith('/api/admin/') && op.path !== '/api/admin/login';

/** Operations whose handler a body-less request reaches with nothing to refuse: they are sent only bodies the parser refuses. */
const ACTS_WITHOUT_INPUT = new Set(['POST /api/logout']);

interface Failure {
  op: string;
  variant: string;
  caller: string;
  status: number;
  problem: string;
}

async function send(caller: Caller, op: Operation, variant: Variant, xsrf: boolean): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...caller.headers };
  if (variant.contentType !== undefined && variant.contentType !== '') headers['content-type'] = variant.contentType;
  const token = await t.api.xsrfToken();
  const unsafe = op.method !== 'GET';
  if (unsafe && xsrf) headers[XSRF_HEADER] = token;
  return t.app.inject({
    method: op.method,
    url: variant.url,
    headers,
    cookies: unsafe ? { 'XSRF-TOKEN': token } : {},
    ...(variant.payload === undefined ? {} : { payload: variant.payload }),
  });
}

function check(res: LightMyRequestResponse, url: string): string | undefined {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 300)}`;
  // '/api/orderfile/../../etc/passwd' is '/etc/passwd', as a browser resolves it: the web app's page not found.
  const api = new URL(url, 'http://portal.test').pathname.startsWith('/api/');
  if (res.statusCode >= 400 && api) {
    const envelope = notAnEnvelope(res);
    if (envelope) return `not the envelope: ${envelope}`;
  }
  return leakIn(t, res);
}

/** Every caller but the first is signed in as its kind of user. */
async function expectSignedIn() {
  const usertypes = (
    await Promise.all(callers.map((c) => t.app.inject({ method: 'GET', url: '/api/headerinfo', headers: c.headers })))
  ).map((res) => (res.statusCode === 200 ? res.json().usertype : res.statusCode));
  expect(usertypes).toEqual([401, USER_TYPE.school, USER_TYPE.sponsor, USER_TYPE.salesRep, USER_TYPE.admin]);
}

/** Runs the tasks `width` at a time. */
async function inPool<T>(items: T[], width: number, run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await run(item);
      }
    }),
  );
}

beforeAll(async () => {
  t = await createCatalogueApp();
  operations = await readOperations(t);
  const rep = await signedInStaff(t, USER_TYPE.salesRep);
  const admin = await signedInStaff(t, USER_TYPE.admin);
  const school = await schoolWithOrder(t);
  const order = await storedOrder(t, school.orderKey);
  const sponsor = await signedInSponsor(t);
  await t.db.update(sponsors).set({ srep_id: rep.user.id }).where(eq(sponsors.user_id, sponsor.user.id));
  const sponsorship = await sponsorshipOf(t, sponsor.user.id, 50_000);
  const enquiry = await sentEnquiry(t, sponsor.user.id, rep.user.id);
  const draft = await sentEnquiry(t, sponsor.user.id, rep.user.id, { submitted_at: null });
  Object.assign(known, {
    order_key: school.orderKey,
    sponsorship_id: sponsorship.id,
    enq_key: enquiry.enq_key,
    enq_id: draft.enq_key,
  });
  Object.assign(knownIds, {
    orders: order.id,
    sponsorships: sponsorship.id,
    sponsors: sponsor.user.id,
    enquiries: enquiry.id,
    schools: school.user.id,
  });
  callers = [
    { name: 'signed out', headers: {} },
    { name: 'school', headers: bearer(school.token) },
    { name: 'sponsor', headers: bearer(sponsor.token) },
    { name: 'sales rep', headers: bearer(rep.token) },
    { name: 'admin', headers: bearer(admin.token) },
  ];
}, 60_000);
afterAll(() => t?.close());

describe('hostile input to every operation', () => {
  it('reads the operations from the OpenAPI document, the back office included', () => {
    expect(operations.length).toBeGreaterThan(150);
    const names = new Set(operations.map(operationName));
    for (const name of [
      'POST /api/updatetemporder',
      'POST /api/uploadorderfiles',
      'POST /api/admin/orders/{id}/status',
    ]) {
      expect(names, name).toContain(name);
    }
  });

  it('answers malformed input with no 5xx, always the envelope, no leak, and changes nothing', async () => {
    await expectSignedIn();
    const before = await databaseDigest(t, DIGEST);
    const failures: Failure[] = [];
    const accepted: string[] = [];
    const jobs: { op: Operation; variant: Variant; caller: Caller }[] = [];
    for (const op of operations) {
      let variants = variantsOf(op);
      if (ACTS_WITHOUT_INPUT.has(operationName(op))) {
        variants = variants.filter((v) => v.payload !== undefined && /JSON$|^unbalanced|^bare/.test(v.label));
      }
      for (const caller of callers) {
        const staff = caller.name === 'admin' || caller.name === 'sales rep';
        // The back office's hook refuses others before reading anything: a few variants prove it.
        const theirs = isBackOffice(op) && !staff ? variants.slice(0, 3) : variants;
        for (const variant of theirs) jobs.push({ op, variant, caller });
      }
    }
    await inPool(jobs, 8, async ({ op, variant, caller }) => {
      const res = await send(caller, op, variant, true);
      const problem = check(res, variant.url);
      if (problem) {
        failures.push({
          op: operationName(op),
          variant: variant.label,
          caller: caller.name,
          status: res.statusCode,
          problem,
        });
      } else if (op.method !== 'GET' && res.statusCode < 300) {
        accepted.push(`${operationName(op)} ${variant.label} as ${caller.name}: ${res.body.slice(0, 120)}`);
      }
    });
    // One line per operation, variant and problem, with the callers who met it.
    const summary = new Map<string, string[]>();
    for (const f of failures) {
      const key = `${f.op} | ${f.variant} | ${f.status} ${f.problem.slice(0, 160)}`;
      summary.set(key, [...(summary.get(key) ?? []), f.caller]);
    }
    // FUZZ_REPORT=<file> writes every problem met, not only the first 30 the assertion shows.
    if (process.env.FUZZ_REPORT)
      writeFileSync(
        process.env.FUZZ_REPORT,
        [...summary]
          .map(([k, v]) => `${k} | ${v.join(', ')}`)
          .sort()
          .join('\n'),
      );
    expect([...summary.keys()].sort().slice(0, 30)).toEqual([]);
    // Every change is a finding; the list says which requests were taken.
    expect(await databaseDigest(t, DIGEST), accepted.join('\n')).toEqual(before);
    expect(jobs.length).toBeGreaterThan(5000);
    // Each caller was who it says all along: refused as a user, not as nobody.
    await expectSignedIn();
    // The polluting keys reached no prototype of the process the app runs in.
    const probe = {} as Record<string, unknown>;
    expect([probe.polluted, probe.isAdmin, (Object.prototype as Record<string, unknown>).polluted]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  }, 120_000);

  it('refuses every unsafe request without the anti-forgery header, whoever sends it', async () => {
    const before = await databaseDigest(t, DIGEST);
    const failures: string[] = [];
    const unsafe = operations.filter((op) => op.method !== 'GET' && op.path !== '/api/payments/stripe/webhook');
    await inPool(
      unsafe.flatMap((op) => callers.map((caller) => ({ op, caller }))),
      8,
      async ({ op, caller }) => {
        const url = fillPath(op.path, {});
        const res = await send(caller, op, { label: 'no header', url, ...json({}) }, false);
        if (res.statusCode !== 403 || res.json().message !== MSG.xsrf || leakIn(t, res)) {
          failures.push(`${operationName(op)} as ${caller.name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      },
    );
    expect(failures).toEqual([]);
    expect(await databaseDigest(t, DIGEST)).toEqual(before);
  }, 60_000);

  it('refuses a 10 MB body of each kind in the envelope', async () => {
    const big = Buffer.alloc(10 * MB, 'a');
    const admin = callers.at(-1) as Caller;
    const school = callers[1] as Caller;
    const cases: { op: string; caller: Caller; contentType: string; payload: Buffer }[] = [
      { op: 'POST /api/login', caller: callers[0] as Caller, contentType: 'application/json', payload: big },
      { op: 'POST /api/updatetemporder', caller: school, contentType: 'application/json', payload: big },
      {
        op: 'POST /api/addenquiry',
        caller: callers[0] as Caller,
        contentType: 'application/x-www-form-urlencoded',
        payload: big,
      },
      { op: 'POST /api/login', caller: callers[0] as Caller, contentType: 'text/plain', payload: big },
      { op: 'POST /api/admin/testimonials', caller: admin, contentType: 'application/json', payload: big },
      {
        op: 'POST /api/uploadorderfiles',
        caller: school,
        ...(() => {
          const m = multipart([
            // The school's own order and a kind it may upload: the size alone is wrong.
            { name: 'order_key', value: String(known.order_key) },
            { name: 'file_type', value: 'po_document' },
            { name: 'cfile', filename: 'big.pdf', content: Buffer.concat([SAMPLES.pdf, big]) },
          ]);
          return { contentType: m.contentType, payload: m.body };
        })(),
      },
      {
        op: 'POST /api/admin/products/{id}/images',
        caller: admin,
        ...(() => {
          const m = multipart([
            { name: 'alt', value: 'big' },
            { name: 'file', filename: 'big.png', content: Buffer.concat([SAMPLES.png, big]) },
          ]);
          return { contentType: m.contentType, payload: m.body };
        })(),
      },
    ];
    const before = await databaseDigest(t, DIGEST);
    for (const c of cases) {
      const op = operations.find((o) => operationName(o) === c.op) as Operation;
      expect(op, c.op).toBeDefined();
      const res = await send(c.caller, op, { label: '10 MB', url: fillPath(op.path, { id: '1' }), ...c }, true);
      expect(res.statusCode, `${c.op} ${c.contentType}: ${res.body}`).toBe(413);
      // The back office words its own pictures' limit; every other body reads as a file too big.
      const message = c.op === 'POST /api/admin/products/{id}/images' ? MSG.pictureTooBig : MSG.fileTooBig;
      expect(res.json(), c.op).toEqual({ status: 'error', message });
      expect(check(res, op.path), c.op).toBeUndefined();
    }
    expect(await databaseDigest(t, DIGEST)).toEqual(before);
  }, 60_000);
});

describe('what hostile input once broke', () => {
  const as = (name: string) => (callers.find((c) => c.name === name) as Caller).headers;

  it('answers a path parameter too long for the router 414 in the envelope (GET falls through to not found)', async () => {
    const url = `/api/admin/testimonials/${'9'.repeat(500)}`;
    const post = await t.api.post(url, { headers: as('admin'), body: {} });
    expect(post.statusCode).toBe(414);
    expect(post.json()).toEqual({ status: 'error', message: MSG.addressTooLong });
    const get = await t.api.get(url, { headers: as('admin') });
    expect(get.statusCode).toBe(404);
    expect(get.json().status).toBe('error');
  });

  it("lists a school's orders of the last year the filter takes", async () => {
    const res = await t.api.get('/api/orders?year=9999', { headers: as('school') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', orders: [], has_more: false });
  });

  it('reads a long run of digits in the enquiries search as words, not as an id', async () => {
    const res = await t.api.get('/api/admin/enquiries?q=9223372036854775808', { headers: as('admin') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', enquiries: [] });
  });

  it('refuses an id in the query past an integer column with the range', async () => {
    const res = await t.api.get('/api/productvisited?item_id=2147483648');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('item_id must be between 1 and 2147483647');
    expect((await t.api.get('/api/productvisited?item_id=0')).json().message).toBe('item_id must be at least 1');
  });

  it('refuses an id in a body past an integer column as invalid input, not a failure', async () => {
    const res = await t.api.post('/api/addtocartv2', { body: { product_id: 2 ** 31 }, headers: as('school') });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: MSG.invalidInput });
  });
});
