/**
 * @module @latchkey/client: the typed HTTP client for Latchkey (and any better-auth server). The
 * plugins' client halves are in `@latchkey/client/plugins`.
 */
export {
  createAuthClient,
  type AuthClient,
  type AuthClientOptions,
  type ClientBase,
  type SuccessListener,
} from './create-auth-client';
export { CLIENT_DEFAULTS, type ClientOptions, type ClientFetchOptions, type RequestContext } from './client-options';
export { unknownError, type ClientResult, type ClientError, type ClientErrorCode } from './result';
export {
  defineClientPlugin,
  type ClientPlugin,
  type ClientPluginRegistry,
  type RouteSpec,
  type RouteTable,
  type RouteTableOf,
  type StoreSpec,
  type StoreTable,
} from './client-plugin';
export type {
  CallInput,
  CallOutput,
  CallOptions,
  ClientCall,
  ClientRoutes,
  AnyServerEndpoint,
  ServerDescription,
  EndpointsOf,
  ErrorCodeOf,
  OutputOf,
  PluginsOf,
  PluginsOption,
} from './client-types';
export type { HttpMethod } from './request-method';
export { parseDates, isIsoTimestamp } from './parse-dates';
