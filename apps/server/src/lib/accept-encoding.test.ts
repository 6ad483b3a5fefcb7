import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type ContentEncoding, chooseEncoding, varyOnAcceptEncoding } from './accept-encoding.ts';

/** Headers, what each shows, and the encoding it must get. */
const CASES: [rule: string, header: string | undefined, encoding: ContentEncoding][] = [
  ['what browsers send', 'gzip, deflate, br, zstd', 'br'],
  ['what browsers send', 'gzip, deflate, br', 'br'],
  ['what browsers send', 'gzip, deflate', 'gzip'],
  ['one coding', 'br', 'br'],
  ['one coding', 'gzip', 'gzip'],
  ['names are case-insensitive', 'GZIP,BR', 'br'],
  ['spaces do not matter', '  gzip  ;  q=0.8 ,  br ; q=0.9 ', 'br'],
  ['x-gzip is gzip’s old name', 'x-gzip', 'gzip'],
  ['the higher weight wins', 'gzip;q=1, br;q=0.5', 'gzip'],
  ['brotli wins a tie', 'gzip;q=0.5, br;q=0.5', 'br'],
  ['any weight above 0 accepts', 'br;q=0.001, gzip;q=0', 'br'],
  ['q=0 refuses a coding', 'br;q=0, gzip', 'gzip'],
  ['q=0 refuses a coding', 'br;q=0, gzip;q=0', 'identity'],
  ['q=0 refuses a coding', 'gzip;q=0.0', 'identity'],
  ['other parameters are passed over', 'br;level=5;q=0.2, gzip;q=0.1', 'br'],
  ['* is every coding not named', '*', 'br'],
  ['* is every coding not named', '*;q=0', 'identity'],
  ['* is every coding not named', '*;q=0.5, br;q=0', 'gzip'],
  ['* is every coding not named', 'gzip;q=0.3, *;q=0.5', 'br'],
  ['* is every coding not named', 'br;q=0, *', 'gzip'],
  ['no header is taken as identity', undefined, 'identity'],
  ['an empty header asks for identity', '', 'identity'],
  ['identity alone', 'identity', 'identity'],
  ['codings the server does not make', 'deflate, zstd', 'identity'],
  ['identity weighed above the others', 'identity;q=1, br;q=0.5', 'identity'],
  ['identity weighed no higher', 'identity, br', 'br'],
  ['identity refused', 'identity;q=0, gzip', 'gzip'],
  ['a weight above 1 is unreadable', 'br;q=2, gzip', 'gzip'],
  ['a negative weight is unreadable', 'br;q=-1, gzip', 'gzip'],
  ['a word is no weight', 'br;q=high, gzip', 'gzip'],
  ['a weight has three decimals at most', 'br;q=0.5000, gzip;q=0.1', 'gzip'],
  ['an empty weight is unreadable', 'br;q=, gzip', 'gzip'],
  ['empty items are passed over', ',,;, br', 'br'],
  ['a coding named twice keeps its better weight', 'br;q=0, br;q=0.9, gzip;q=0.5', 'br'],
];

describe('chooseEncoding', () => {
  it.each(CASES)('%s: %j gets %s', (_rule, header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });
});

/** The two methods of a reply that Vary is read and written with. */
function replyWithVary(vary?: string | string[]) {
  const headers: Record<string, unknown> = vary === undefined ? {} : { vary };
  const reply = {
    getHeader: (name: string) => headers[name],
    header: (name: string, value: unknown) => {
      headers[name] = value;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, headers };
}

describe('varyOnAcceptEncoding', () => {
  it.each([
    [undefined, 'accept-encoding'],
    ['Origin', 'Origin, accept-encoding'],
    [['Origin', 'Cookie'], 'Origin, Cookie, accept-encoding'],
    ['Accept-Encoding', 'Accept-Encoding'],
    ['origin,accept-encoding', 'origin,accept-encoding'],
    ['*', '*'],
  ])('turns Vary %j into %j', (vary, expected) => {
    const { reply, headers } = replyWithVary(vary);
    varyOnAcceptEncoding(reply);
    expect([headers.vary].flat().join(', ')).toBe(expected);
  });
});
