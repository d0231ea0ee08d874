/**
 * @module Sends one request, retrying network failures and 5xx answers up to `retry` times with a
 * linear back-off (`retryDelay × attempt`). 4xx answers are the server's decision and are never
 * retried: repeating a wrong password would only spend the account's sign-in throttle.
 */

export interface RetryOptions {
  retry: number;
  retryDelay: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves to the last Response, or rejects with the last network error. */
export async function fetchWithRetry(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  { retry, retryDelay }: RetryOptions,
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const isLast = attempt >= retry;
    try {
      const response = await fetchImpl(url, init);
      if (response.status < 500 || isLast) return response;
    } catch (error) {
      if (isLast) throw error;
    }
    await sleep(retryDelay * (attempt + 1));
  }
}
