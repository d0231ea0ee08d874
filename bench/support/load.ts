/**
 * @module One bounded autocannon run against 127.0.0.1, reduced to the numbers the README shows.
 */
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  /** Seconds. */
  duration: number;
  /** Each request's path and query, when they must vary (a search that no cache may answer). */
  nextPath?: () => string;
  /** Told each answer's latency in ms, for percentiles over several runs. */
  onLatency?: (ms: number) => void;
}

export interface LoadResult {
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  /** Answers in the run, all of them. */
  requests: number;
  /** Answers other than 2xx, errors and timeouts: any of them makes the run suspect. */
  failures: number;
}

export async function runLoad({
  url,
  method = 'GET',
  headers = {},
  body,
  connections = 50,
  duration,
  nextPath,
  onLatency,
}: LoadOptions): Promise<LoadResult> {
  const requests = nextPath
    ? [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: nextPath() }) }]
    : undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const options = { url, method, headers, body, connections, duration, pipelining: 1, requests };
    const instance = autocannon(options, (error: unknown, done) => (error ? reject(error) : resolve(done)));
    if (onLatency) instance.on('response', (_client, _status, _bytes, ms) => onLatency(ms));
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** Seconds of load thrown away before each measured run: JIT, connections, caches settle. */
const WARMUP_SECONDS = 2;

/** A warm-up run, then the measured run of `duration` seconds. */
export async function measure(options: Omit<LoadOptions, 'duration'>, duration: number): Promise<LoadResult> {
  await runLoad({ ...options, duration: WARMUP_SECONDS });
  return runLoad({ ...options, duration });
}
