/**
 * @module @latchkey/client: the typed HTTP client for Latchkey (and any better-auth server).
 */
export { createAuthClient, type AuthClient, type ClientBase, type SuccessListener } from './create-auth-client';
export { CLIENT_DEFAULTS, type ClientOptions, type ClientFetchOptions, type RequestContext } from './client-options';
export { unknownError, type ClientResult, type ClientError, type ClientErrorCode } from './result';
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
  OutputAt,
} from './client-types';
export { parseDates, isIsoTimestamp } from './parse-dates';
