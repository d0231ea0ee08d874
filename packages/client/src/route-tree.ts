/**
 * @module The client's methods as plain nested objects, built from its plugins' route tables: a
 * route's path becomes a property chain the way better-auth names calls (`/organization/set-active`
 * → `organization.setActive`, dashed segments camel-cased). A route that is also a prefix of
 * another (`/delete-user` and `/delete-user/callback`) is a function carrying the longer one.
 */
import type { RouteSpec } from './client-plugin';

export function camelCased(segment: string): string {
  return segment.replace(/-([a-z])/g, (_dash, letter: string) => letter.toUpperCase());
}

export function routeKeys(path: string): string[] {
  return path.split('/').filter(Boolean).map(camelCased);
}

type Node = Record<string, unknown>;

export function buildRouteTree<T extends RouteSpec>(
  routes: Iterable<T>,
  method: (route: T) => (...args: never[]) => unknown,
): Node {
  const root: Node = {};
  for (const route of routes) {
    const keys = routeKeys(route.path);
    const last = keys.pop();
    if (last === undefined) continue;
    let node = root;
    for (const key of keys) node = (node[key] ??= {}) as Node;
    // Routes found under this one before it keep their place on its function.
    node[last] = Object.assign(method(route), node[last]);
  }
  return root;
}
