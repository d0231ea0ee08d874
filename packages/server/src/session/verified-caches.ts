/**
 * @module Cache cookies whose signature has been checked, with what they decode to. A browser sends
 * the same cache cookie with every request for up to its max age, and checking it (an HMAC over
 * ~1 kB, two base64 decodes, splicing the token into the answer) was most of the engine's own work
 * on a cache hit. An HMAC under a fixed secret is a pure function, so a value once verified needs no
 * second check: the memo changes what is computed, never what is answered. Only verified values
 * enter it, so forged cookies cannot fill it; it is bounded, and the oldest entry makes room.
 * Freshness is not memoised: the caller checks the cache's and the session's expiry, and the
 * revocation notes, on every request.
 */
import { DEFAULTS } from '../auth/options';

/**
 * The whole token and cookie, not the signature alone: a hit then proves that this token and these
 * claims were signed together, as the HMAC would, without a separate comparison that could tell a
 * prober how much of a token matched. The token's length comes first so that no other split of the
 * same characters (a forged token ending in part of the cookie) finds the entry: such a pair gets
 * what the HMAC and the decoding give it, as without the memo.
 */
function key(token: string, cookie: string): string {
  return `${token.length}:${token}${cookie}`;
}

export class VerifiedCaches<T> {
  readonly #entries = new Map<string, T>();
  readonly #limit: number;

  constructor(limit: number = DEFAULTS.verifiedCookieCaches) {
    this.#limit = limit;
  }

  get(token: string, cookie: string): T | undefined {
    return this.#entries.get(key(token, cookie));
  }

  add(token: string, cookie: string, decoded: T): void {
    if (this.#entries.size >= this.#limit) {
      // Insertion order: the first key is the oldest.
      for (const oldest of this.#entries.keys()) {
        this.#entries.delete(oldest);
        break;
      }
    }
    this.#entries.set(key(token, cookie), decoded);
  }

  get size(): number {
    return this.#entries.size;
  }
}
