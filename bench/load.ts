import autocannon, { type Client } from 'autocannon';

/** One burst of load, asked for by the benchmark over IPC. */
export interface LoadRequest {
  id: number;
  url: string;
  method: 'GET' | 'POST';
  /** The request body, sent unchanged with every request (JSON for a POST). */
  body?: string;
  /** Bodies given to the connections in turn in place of `body`: each connection then sends its own. */
  bodies?: string[];
  connections: number;
  /** Seconds. */
  duration: number;
  headers: Record<string, string>;
}

export interface LoadResult {
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  bytesPerResponse: number;
  /** Answers outside 2xx; like `errors`, any of them spoils the run. */
  non2xx: number;
  /** Connection errors, timeouts and resets. */
  errors: number;
  statusCodes: Record<string, number>;
}

export type LoadReply = { id: number; result: LoadResult } | { id: number; error: string };

/**
 * What a browser sends with every GET: the servers answer it in brotli, as they answer every
 * visitor. Without it the benchmark would measure answers no browser gets.
 */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The request's headers, with the browser's Accept-Encoding on a GET. */
function headersOf(request: LoadRequest): Record<string, string> {
  return request.method === 'GET'
    ? { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...request.headers }
    : request.headers;
}

/** Gives each new connection the next of `bodies`. */
function perConnection(bodies: string[]): (client: Client) => void {
  let next = 0;
  return (client) => {
    client.setBody(bodies[next++ % bodies.length] ?? '');
  };
}

/**
 * Runs in its own process so that generating load never shares an event loop with a
 * server under test, and lives for the whole benchmark so its own code is warm by the
 * time a measured run starts.
 */
async function run(request: LoadRequest): Promise<LoadResult> {
  const r = await autocannon({
    url: request.url,
    method: request.method,
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(request.bodies?.length ? { setupClient: perConnection(request.bodies) } : {}),
    connections: request.connections,
    duration: request.duration,
    headers: headersOf(request),
    pipelining: 1,
    timeout: 10,
  });
  const statusCodes = Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count]));
  return {
    requestsPerSecond: r.requests.average,
    requests: r.requests.total,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    bytesPerResponse: r.requests.total ? r.throughput.total / r.requests.total : 0,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts + r.resets,
    statusCodes,
  };
}

if (!process.send) {
  console.error('bench/load.ts is started by scripts/bench.ts, which sends it the runs to make.');
  process.exit(1);
}
process.on('disconnect', () => process.exit(0));
process.on('message', (request: LoadRequest) => {
  run(request).then(
    (result) => process.send?.({ id: request.id, result } satisfies LoadReply),
    (error: unknown) => process.send?.({ id: request.id, error: String(error) } satisfies LoadReply),
  );
});
