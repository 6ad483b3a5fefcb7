// autocannon ships no types; this covers the part of its promise API the benchmark uses.
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    body?: string;
    /** Called with each connection's client as it is made. */
    setupClient?: (client: Client) => void;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    pipelining?: number;
    timeout?: number;
  }

  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
  }

  /** One connection. */
  export interface Client {
    setBody(body: string | Buffer): void;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
