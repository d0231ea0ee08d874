/**
 * @module The contract's `defineEndpoint`: the engine's, with the handler's `ctx.auth` typed as
 * the plugin's host (plugin-host.ts). The value is the engine's endpoint unchanged; the router
 * hands the whole context, which a handler taking the narrower one accepts.
 */
import {
  defineEndpoint as defineEngineEndpoint,
  type Endpoint,
  type EndpointContext as EngineEndpointContext,
  type EndpointSchema,
  type Parsed,
  type SessionGuard,
} from '../endpoint/define-endpoint';
import type { PluginHost } from './plugin-host';

/** What a plugin's handler is given: the request, and the engine as `PluginHost`. */
export interface EndpointContext<B, Q, G extends SessionGuard> extends Omit<EngineEndpointContext<B, Q, G>, 'auth'> {
  readonly auth: PluginHost;
}

/** An endpoint as a plugin writes it: the engine's, its handler taking the plugin's context. */
export interface HostedEndpoint<
  Id extends string,
  B extends EndpointSchema,
  Q extends EndpointSchema,
  G extends SessionGuard,
  R,
  P extends string,
> extends Omit<Endpoint<Id, B, Q, G, R, P>, 'handler'> {
  handler(ctx: EndpointContext<Parsed<B>, Parsed<Q>, G>): Promise<R>;
}

export function defineEndpoint<
  Id extends string,
  B extends EndpointSchema = undefined,
  Q extends EndpointSchema = undefined,
  G extends SessionGuard = 'none',
  R = unknown,
  P extends string = string,
>(endpoint: HostedEndpoint<Id, B, Q, G, R, P>): Endpoint<Id, B, Q, G, R, P> {
  return defineEngineEndpoint<Id, B, Q, G, R, P>(endpoint);
}
