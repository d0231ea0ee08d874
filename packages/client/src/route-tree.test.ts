import { describe, expect, it } from 'vitest';
import { buildRouteTree, routeKeys } from './route-tree';

describe('buildRouteTree', () => {
  it('camel-cases dashed segments into the property chain', () => {
    expect(routeKeys('/organization/get-full-organization')).toEqual(['organization', 'getFullOrganization']);
    expect(routeKeys('/sign-in/email')).toEqual(['signIn', 'email']);
  });

  it('nests routes by path, a route that prefixes another carrying it, in either order', () => {
    const routes = [
      { path: '/delete-user/callback', method: 'GET' },
      { path: '/delete-user', method: 'POST' },
      { path: '/sign-in/email', method: 'POST' },
    ] as const;
    const tree = buildRouteTree(routes, (route) => () => route.path) as Record<string, Record<string, () => string>>;
    const deleteUser = tree.deleteUser as unknown as (() => string) & { callback: () => string };
    expect(deleteUser()).toBe('/delete-user');
    expect(deleteUser.callback()).toBe('/delete-user/callback');
    expect(tree.signIn!.email!()).toBe('/sign-in/email');
    expect(Object.keys(tree).sort()).toEqual(['deleteUser', 'signIn']);
  });
});
