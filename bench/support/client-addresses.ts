/**
 * @module The client addresses of the production configuration's load: X-Forwarded-For values the
 * server believes, since 127.0.0.1 is its trusted proxy. The rate limit counts per address and
 * route in fixed windows: the default tier 100 requests per 10 s, the strict one (sign-in, the
 * second step, passkey verification) 3 per 10 s. Addresses are handed out in turn, so one comes
 * back only after `ADDRESS_COUNT` other requests: up to 3 × 65,536 requests in 10 s (19,660 a
 * second, more than any case but the bare server makes) no address sends a strict route more than
 * 3 requests, nor a default one more than 100 (strict requests are but a share of the run's).
 * The counting is measured, not its refusals; a refusal would be a non-2xx and fail the run.
 */
const ADDRESS_COUNT = 65_536;

/** A generator of addresses in 10.0.0.0/16, each in turn: one per call. */
export function clientAddresses(): () => string {
  let next = 0;
  return () => {
    const i = next;
    next = (next + 1) % ADDRESS_COUNT;
    return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  };
}
