/**
 * @module Waits until revocation feeds are live and the clock has left the millisecond they went
 * live in: a cookie cache issued in that millisecond is not believed (session/revocations.ts,
 * `trustedSince`), and the tests that call this want caches believed.
 */
export async function whenFeedsTrusted(feeds: readonly { whenLive(): Promise<void> }[]): Promise<void> {
  await Promise.all(feeds.map((feed) => feed.whenLive()));
  const liveAt = Date.now();
  while (Date.now() <= liveAt) await new Promise((resolve) => setImmediate(resolve));
}
