/**
 * @module One bounded autocannon run against 127.0.0.1, reduced to the numbers the README shows.
 */
import autocannon from 'autocannon';

/** One request of a sequence: autocannon's, whose `setupRequest` may read what `onResponse` kept. */
export type LoadStep = autocannon.Request;

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
  /**
   * Each request's client address, sent as X-Forwarded-For (the server trusts 127.0.0.1 as its
   * proxy in the production configuration): the rate limit counts, and no address reaches its limit.
   */
  forwardedFor?: () => string;
  /**
   * Requests each connection sends in turn, sharing a context (a sign-in, then its second step):
   * the run's counts and rates are of whole sequences, its latencies of single requests.
   */
  steps?: readonly LoadStep[];
  /** Told each answer's latency in ms, for percentiles over several runs. */
  onLatency?: (ms: number) => void;
}

export interface LoadResult {
  /** Requests (or whole `steps` sequences) answered per second. */
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  /** Answers in the run, all of them (or whole `steps` sequences). */
  requests: number;
  /** Answers other than 2xx, errors and timeouts: any of them makes the run suspect. */
  failures: number;
}

/** autocannon's request list: the steps, each also given its path and client address anew. */
function requestList({ nextPath, forwardedFor, steps }: LoadOptions): LoadStep[] | undefined {
  if (!nextPath && !forwardedFor && !steps) return undefined;
  const vary = (request: LoadStep): LoadStep => ({
    ...request,
    ...(nextPath ? { path: nextPath() } : {}),
    ...(forwardedFor ? { headers: { ...request.headers, 'x-forwarded-for': forwardedFor() } } : {}),
  });
  return (steps ?? [{}]).map((step) => ({
    ...step,
    setupRequest: (request: LoadStep, context: object) => {
      const own = typeof step.setupRequest === 'function' ? step.setupRequest(request, context) : request;
      return vary(own);
    },
  }));
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { url, method = 'GET', headers = {}, body, connections = 50, duration, onLatency } = options;
  const requests = requestList(options);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const settings = { url, method, headers, body, connections, duration, pipelining: 1, requests };
    const instance = autocannon(settings, (error: unknown, done) => (error ? reject(error) : resolve(done)));
    if (onLatency) instance.on('response', (_client, _status, _bytes, ms) => onLatency(ms));
  });
  const perSequence = options.steps?.length ?? 1;
  return {
    requestsPerSecond: Math.round(result.requests.average / perSequence),
    requests: Math.floor(result.requests.total / perSequence),
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** Seconds of load thrown away before each measured run: JIT, connections, caches settle. */
export const WARMUP_SECONDS = 2;

/** A warm-up run, then the measured run of `duration` seconds. */
export async function measure(options: Omit<LoadOptions, 'duration'>, duration: number): Promise<LoadResult> {
  await runLoad({ ...options, duration: WARMUP_SECONDS });
  return runLoad({ ...options, duration });
}
