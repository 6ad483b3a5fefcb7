import type { FastifyReply } from 'fastify';

/** The encodings answers go out in: brotli, gzip, or as they are. */
export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** The weights (q-values) a request's Accept-Encoding gives the codings the server can send. */
interface Weights {
  br?: number;
  gzip?: number;
  identity?: number;
  any?: number;
}

/** A q-value as RFC 9110 writes it (0 to 1, three decimals at most); anything else is not one. */
const Q_VALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** The weight an item of the header gives; undefined when its q cannot be read, so that the item is ignored. */
function weightOf(params: string[]): number | undefined {
  for (const param of params) {
    const [name = '', value = ''] = param.split('=', 2).map((part) => part.trim());
    if (name.toLowerCase() === 'q') return Q_VALUE.test(value) ? Number(value) : undefined;
  }
  return 1;
}

function readWeights(header: string): Weights {
  const weights: Weights = {};
  for (const item of header.split(',')) {
    const [coding = '', ...params] = item.split(';');
    const weight = weightOf(params);
    if (weight === undefined) continue;
    const name = coding.trim().toLowerCase();
    const key = name === 'x-gzip' ? 'gzip' : name === '*' ? 'any' : name;
    // A coding named twice keeps its better weight.
    if (key === 'br' || key === 'gzip' || key === 'identity' || key === 'any') {
      weights[key] = Math.max(weights[key] ?? 0, weight);
    }
  }
  return weights;
}

/**
 * The encoding to send an answer in, from the request's Accept-Encoding: the compressed
 * coding it weighs highest, brotli on a tie, and otherwise the answer as it is. `*` stands
 * for the codings it does not name; `br;q=0` refuses brotli. A header that rates identity
 * above every compressed coding gets the answer as it is; no header at all gets it so too,
 * as old clients and tools that send none may not decode anything.
 */
export function chooseEncoding(header: string | undefined): ContentEncoding {
  if (!header) return 'identity';
  const weights = readWeights(header);
  const br = weights.br ?? weights.any ?? 0;
  const gzip = weights.gzip ?? weights.any ?? 0;
  const best = Math.max(br, gzip);
  if (best === 0 || (weights.identity ?? 0) > best) return 'identity';
  return br >= gzip ? 'br' : 'gzip';
}

/**
 * Adds Accept-Encoding to the answer's Vary, keeping what is there: an answer chosen by it,
 * even when sent as it is, must not be served by a shared cache to a request that asks otherwise.
 */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  if (current === undefined) {
    reply.header('vary', 'accept-encoding');
    return;
  }
  const value = Array.isArray(current) ? current.join(', ') : String(current);
  const names = value.split(',').map((name) => name.trim().toLowerCase());
  if (!names.includes('accept-encoding') && !names.includes('*')) reply.header('vary', `${value}, accept-encoding`);
}
