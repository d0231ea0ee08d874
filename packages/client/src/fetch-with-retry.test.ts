import { describe, expect, it } from 'vitest';
import { fetchWithRetry } from './fetch-with-retry';

function answering(...statuses: number[]): { fetch: typeof fetch; calls: () => number } {
  let calls = 0;
  const fake = (async () =>
    new Response(null, { status: statuses[Math.min(calls++, statuses.length - 1)] })) as typeof fetch;
  return { fetch: fake, calls: () => calls };
}

describe('fetchWithRetry', () => {
  it('retries 5xx answers and returns the first good one', async () => {
    const server = answering(503, 502, 200);
    const response = await fetchWithRetry(server.fetch, 'http://x', {}, { retry: 2, retryDelay: 1 });
    expect(response.status).toBe(200);
    expect(server.calls()).toBe(3);
  });

  it('never retries a 4xx answer: it is the server’s decision', async () => {
    const server = answering(401, 200);
    expect((await fetchWithRetry(server.fetch, 'http://x', {}, { retry: 3, retryDelay: 1 })).status).toBe(401);
    expect(server.calls()).toBe(1);
  });

  it('returns the last 5xx when the retries run out', async () => {
    const server = answering(500);
    expect((await fetchWithRetry(server.fetch, 'http://x', {}, { retry: 1, retryDelay: 1 })).status).toBe(500);
    expect(server.calls()).toBe(2);
  });
});
