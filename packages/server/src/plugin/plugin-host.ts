/**
 * @module `PluginHost`: what a plugin's endpoints and hooks are handed of the engine. It is the
 * engine's own context object (`AuthContext`), described by a narrower type: a plugin reads the
 * options and the clock, logs, mails, queues work, reads users, and keeps the writes to core rows
 * whose side effects the stores already carry (a session deletion notes its revocation, a new
 * user comes with its credential). What it does not get, and why:
 *
 * - `db`: its own tables come typed through its schema (`schema.db(host)`), the core's rows
 *   through the engine's operations (plugin/host.ts), so a cookie cache never outlives its row;
 * - `users.update`/`users.delete`, `sessions.create`/`extend`/`updateFields`: the schema's
 *   `updateUser`, `updateCurrentUser`, `removeUser`, `updateSessions`, `updateCurrentSession`;
 * - `revocations`, `hooks`, `events`: the engine's bookkeeping; events go through `emitEvent`;
 * - `tokenCipher`: a plugin seals its own secrets with `sealSecret`/`openSecret` (plugin/secrets.ts);
 * - `kv` beyond the failure counters, `providerAccounts`, `accounts` beyond a password: core keys
 *   and rows no plugin has a reason to touch.
 *
 * The engine's functions the contract re-exports take this type (or the members they use); where
 * one needs more, the contract wraps it and the widening cast lives in plugin/ alone.
 */
import type { AuthContext, SignInAttempt } from '../auth/context';
import type { AccountStore } from '../db/account-store';
import type { SessionStore } from '../db/session-store';
import type { UserStore } from '../db/user-store';
import type { VerificationStore } from '../db/verification-store';
import type { KeyValueStore } from '../storage/key-value-store';

export interface PluginHost extends Pick<
  AuthContext,
  'options' | 'dialect' | 'mailer' | 'logger' | 'background' | 'fields' | 'now'
> {
  /** Reads, and the creation of a user with its password (admin's create-user). */
  readonly users: Pick<UserStore, 'findById' | 'findByEmail' | 'findWithPasswordBy' | 'createWithCredential'>;
  /** Reads, and deletions: the store notes each deleted session's user as revoked. */
  readonly sessions: Pick<
    SessionStore,
    'listByUser' | 'findWithUserByDigest' | 'deleteById' | 'deleteByDigests' | 'deleteByUser'
  >;
  readonly accounts: Pick<AccountStore, 'findCredential' | 'setPassword'>;
  readonly verifications: Pick<VerificationStore, 'create' | 'find' | 'take' | 'swapValue'>;
  /** The failure counters of a lockout (two-factor's code lock); never the core's keys. */
  readonly kv: Pick<KeyValueStore, 'recordFailure' | 'lockedUntil' | 'clearFailures'>;
}

/** A sign-in that a plugin's `interceptSignIn` is shown. */
export interface PluginSignInAttempt extends Omit<SignInAttempt, 'auth'> {
  readonly auth: PluginHost;
}

/**
 * The engine's context behind a host. A host is that very object (the engine hands its context to
 * every endpoint and hook), so the cast only undoes the narrowing; it lives here and in no plugin,
 * for the contract's own modules that call the engine on a plugin's behalf (schema.ts).
 */
export function engineOf(host: PluginHost): AuthContext {
  return host as AuthContext;
}

/** A scope holding a host (a handler's `ctx`), as the engine takes it: the same object (engineOf). */
export function engineScope<T extends { readonly auth: PluginHost }>(
  scope: T,
): Omit<T, 'auth'> & { readonly auth: AuthContext } {
  return scope as unknown as Omit<T, 'auth'> & { readonly auth: AuthContext };
}

/** A parameter of an engine function as a plugin passes it: a host where the engine takes its context. */
export type Hosted<T> = T extends AuthContext
  ? PluginHost
  : T extends { readonly auth: AuthContext }
    ? Omit<T, 'auth'> & { readonly auth: PluginHost }
    : T;

type HostedParameters<A extends readonly unknown[]> = { [K in keyof A]: Hosted<A[K]> };

/**
 * The engine function `fn` as the contract re-exports it: the same function, typed to take a host
 * (or a scope holding one) where it takes the engine's context, since that is what the host is
 * (engineOf). For the functions that need more of the context than a plugin is given: the event
 * sink and the hooks, the session and token stores' writes, the cipher.
 */
export function hosted<A extends readonly unknown[], R>(fn: (...args: A) => R): (...args: HostedParameters<A>) => R {
  return fn as unknown as (...args: HostedParameters<A>) => R;
}
