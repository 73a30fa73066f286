/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    /** Requests per second over all connections (no limit when absent). */
    overallRate?: number;
    /** Worker threads generating the load (0: on the calling thread). */
    workers?: number;
    /** With workers: the absolute path of a CommonJS module exporting `(client) => void` (bench/mixedClient.cjs). */
    setupClient?: string;
  }
  interface Histogram {
    average: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  export interface Result {
    latency: Histogram;
    requests: Histogram & { total: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
