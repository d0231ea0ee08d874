/**
 * @module The routes an auth serves, grouped by who declares them (the core, each plugin): what the
 * API description (GET /openapi.json) is built from. Kept beside the context rather than in it, so
 * the context's type needs no endpoint type; only `createAuth` registers them.
 */
import type { AuthContext } from '../auth/context';
import type { AnyEndpoint } from '../endpoint/define-endpoint';

export interface RouteGroup {
  /** `core`, or the plugin's id: the document's tag of these operations. */
  readonly name: string;
  readonly endpoints: readonly AnyEndpoint[];
}

const groupsByContext = new WeakMap<AuthContext, readonly RouteGroup[]>();

export function registerRouteGroups(auth: AuthContext, groups: readonly RouteGroup[]): void {
  groupsByContext.set(auth, Object.freeze(groups));
}

export function routeGroupsOf(auth: AuthContext): readonly RouteGroup[] {
  return groupsByContext.get(auth) ?? [];
}
