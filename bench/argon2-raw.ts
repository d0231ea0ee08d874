/**
 * @module Sign-in's yardstick: @node-rs/argon2's own verify rate for a hash Latchkey made (so with
 * its parameters, which the hash string carries), with as many verifications in flight as the
 * sign-in case has connections, on libuv's pool, in the bench's process while no server runs.
 */
import { verify } from '@node-rs/argon2';
import { hashPassword } from '../packages/server/src/crypto/password';

export async function rawVerifyRate(duration: number, inFlight: number): Promise<number> {
  const hashed = await hashPassword('bench password 1234');
  let done = 0;
  const deadline = Date.now() + duration * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      if (!(await verify(hashed, 'bench password 1234'))) throw new Error('the raw verify refused its own password');
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return Math.round(done / duration);
}
