/**
 * @module The catalogue entries a route may answer, for the API description: those of the guards
 * every request passes (router.ts, endpoint/run-endpoint.ts), derived from the endpoint's own fields so they
 * cannot drift from what the router does, then the entries the route lists itself (`errors`), then
 * those that only the redirect-target fields of its schemas can raise.
 */
import type { AnyEndpoint } from '../endpoint/define-endpoint';
import { ERRORS, type ErrorEntry } from '../endpoint/errors';

function guardErrors(endpoint: AnyEndpoint): ErrorEntry[] {
  const entries: ErrorEntry[] = [];
  if (endpoint.method === 'POST') {
    if (!endpoint.crossSiteCallback) entries.push(ERRORS.missingOrigin, ERRORS.invalidOrigin);
    if (endpoint.checkOriginWithoutCookies) entries.push(ERRORS.crossSiteNavigationLoginBlocked);
    entries.push(endpoint.acceptsForm ? ERRORS.unsupportedMediaTypeOrForm : ERRORS.unsupportedMediaType);
    entries.push(ERRORS.payloadTooLarge);
  }
  if (endpoint.method === 'POST' && endpoint.body) entries.push(ERRORS.invalidBody);
  if (endpoint.query) entries.push(ERRORS.invalidQuery);
  const guard = endpoint.session ?? 'none';
  if (guard !== 'none') entries.push(ERRORS.unauthorized);
  if (guard === 'fresh') entries.push(ERRORS.sessionNotFresh);
  // Every route is counted (the default tier when it names none) while rate limiting is on.
  entries.push(ERRORS.tooManyRequests);
  entries.push(ERRORS.internal, ERRORS.serviceUnavailable);
  return entries;
}

/** Each entry once, in the order: guards, the route's own, its redirect targets'. */
export function routeErrors(endpoint: AnyEndpoint, redirectErrors: readonly ErrorEntry[]): ErrorEntry[] {
  return [...new Set([...guardErrors(endpoint), ...(endpoint.errors ?? []), ...redirectErrors])];
}
