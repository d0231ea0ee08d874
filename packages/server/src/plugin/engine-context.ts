/**
 * @module The engine's context behind a plugin's host, for the contract's own modules that call
 * the engine on a plugin's behalf (schema.ts, secrets.ts, engine-calls.ts). A host is that very
 * object (the engine hands its context to every endpoint and hook), so these casts only undo the
 * narrowing of plugin-host.ts; they live in plugin/ and no plugin imports them (index.ts does not
 * export them).
 */
import type { AuthContext } from '../auth/context';
import type { PluginHost } from './plugin-host';

/** The engine's context behind a host. */
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
