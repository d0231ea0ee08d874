import { describe, expect, it } from 'vitest';
import type { AuthEvent } from '../../plugin';
import { signedInUserOf } from './last-sign-in';

const at = new Date(0);
const event = (fields: Partial<AuthEvent>): AuthEvent => ({ type: 'sign-in', outcome: 'success', at, ...fields });

describe('signedInUserOf', () => {
  it('names the user of their own successful sign-in, and of a sign-up that opened a session', () => {
    expect(signedInUserOf(event({ userId: 'u1', actorUserId: 'u1', method: 'passkey' }))).toBe('u1');
    expect(
      signedInUserOf(event({ type: 'sign-up', userId: 'u1', actorUserId: 'u1', detail: { signedIn: true } })),
    ).toBe('u1');
  });

  it('names no one for a failure, a sign-up without a session, or another event', () => {
    expect(signedInUserOf(event({ outcome: 'failure', userId: 'u1', actorUserId: 'u1' }))).toBeNull();
    expect(
      signedInUserOf(event({ type: 'sign-up', userId: 'u1', actorUserId: 'u1', detail: { signedIn: false } })),
    ).toBeNull();
    expect(signedInUserOf(event({ type: 'sign-up', userId: 'u1', actorUserId: 'u1' }))).toBeNull();
    expect(signedInUserOf(event({ type: 'impersonation-started', userId: 'u1', actorUserId: 'admin' }))).toBeNull();
    expect(signedInUserOf(event({ actorUserId: 'u1' }))).toBeNull();
  });

  it('names no one when someone else acts through the account (an admin impersonating)', () => {
    expect(signedInUserOf(event({ userId: 'u1', actorUserId: 'admin' }))).toBeNull();
  });
});
