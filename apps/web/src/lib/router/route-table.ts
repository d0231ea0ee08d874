/**
 * @module The route table and how a path finds its routes. Routes nest as react-router's do
 * (`path` relative to the parent, `index`, pathless layout routes, `:param`, an optional last
 * `:param?`, a `*` splat), and when several match, the most specific wins by react-router's own
 * ranking (a static segment over a parameter over a splat; an index over its parent), so the
 * table reads as it did under react-router.
 */
import type { ComponentType, ReactNode } from 'react';

/** What a lazy route's loader gives: its screen, or nothing when it only waits for texts. */
export interface LazyRoute {
  Component?: ComponentType;
  element?: ReactNode;
}

export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  Component?: ComponentType;
  /** The screen's code, loaded before the route is first shown (the screen on show stays till then). */
  lazy?: () => Promise<LazyRoute>;
  children?: RouteObject[];
  /** Shown in place of the route and everything below it when one of them fails to load or render. */
  errorElement?: ReactNode;
  /** Shown in place of the route while the first screen's code loads. */
  hydrateFallbackElement?: ReactNode;
}

export interface RouteMatch {
  route: RouteObject;
  /** Every parameter of the whole match, as react-router gives each level. */
  params: Readonly<Record<string, string>>;
}

interface Branch {
  chain: RouteObject[];
  pattern: RegExp;
  names: string[];
  score: number;
}

const PARAM = /^:[\w-]+$/;

/** react-router's ranking: more segments, static over dynamic, index over parent, splats last. */
function score(path: string, index: boolean): number {
  const segments = path.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    total += PARAM.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return total;
}

/** `a/:b?` is two paths, `a` and `a/:b` (only a last optional segment is used here). */
function explodeOptional(path: string): string[] {
  return path.endsWith('?') ? [path.slice(0, path.lastIndexOf('/')) || '/', path.slice(0, -1)] : [path];
}

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  let source = '';
  let splat = false;
  for (const segment of path.split('/').filter(Boolean)) {
    if (segment === '*') {
      names.push('*');
      source += '(?:/(.*))?';
      splat = true;
    } else if (segment.startsWith(':')) {
      names.push(segment.slice(1));
      source += '/([^/]+)';
    } else {
      source += '/' + segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  // Case-insensitive and with an optional trailing slash, as react-router matches by default.
  return { pattern: new RegExp(`^${source}${splat ? '' : '/?'}$`, 'i'), names };
}

function flatten(routes: readonly RouteObject[], parents: RouteObject[], parentPath: string, into: Branch[]): void {
  for (const route of routes) {
    const chain = [...parents, route];
    const path = route.path === undefined ? parentPath : `${parentPath}/${route.path}`.replace(/\/+/g, '/');
    if (route.children) flatten(route.children, chain, path, into);
    // A pathless layout route matches only through its children.
    if (route.path === undefined && !route.index) continue;
    for (const each of explodeOptional(path)) {
      into.push({ chain, ...compile(each), score: score(each, route.index === true) });
    }
  }
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The table's branches, best first; a stable sort keeps the table's order among equals. */
export function rankRoutes(routes: readonly RouteObject[]): readonly Branch[] {
  const branches: Branch[] = [];
  flatten(routes, [], '', branches);
  return branches.sort((a, b) => b.score - a.score);
}

/** The routes a path shows, outermost first, or an empty list when none matches. */
export function matchRoutes(branches: readonly Branch[], pathname: string): RouteMatch[] {
  for (const branch of branches) {
    const found = branch.pattern.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    branch.names.forEach((name, i) => {
      if (found[i + 1] !== undefined) params[name] = decode(found[i + 1]!);
    });
    return branch.chain.map((route) => ({ route, params }));
  }
  return [];
}
