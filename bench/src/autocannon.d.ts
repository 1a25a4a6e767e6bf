/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Requests each connection cycles through (paths relative to `url`); `setupRequest` picks each request's path as
     * it is sent (different values every time). */
    requests?: {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (req: { path?: string; [k: string]: unknown }) => object;
    }[];
  }
  interface Result {
    requests: { average: number; mean: number; total: number };
    latency: { p50: number; p99: number; average: number };
    non2xx: number;
    errors: number;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
