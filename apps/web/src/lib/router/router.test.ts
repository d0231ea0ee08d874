/**
 * The router's matching and navigation, which replace react-router's (#32 item 22): the most
 * specific route wins as react-router ranks them, a screen's code loads before the address
 * changes, a newer navigation overtakes an older one, and a failed load shows at the nearest error
 * element. The app's component and browser tests walk the screens over it.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from './router';
import { matchRoutes, rankRoutes, type LazyRoute, type RouteObject } from './route-table';

const table: RouteObject[] = [
  {
    errorElement: 'failed',
    children: [
      { index: true, element: 'home' },
      { path: 'users', element: 'users', children: [{ index: true, element: 'list' }] },
      { path: 'users/new', element: 'new user' },
      { path: 'users/:id', element: 'user' },
      { path: 'organizations/:organization/:section?', element: 'organization' },
      { path: '*', element: 'not found' },
    ],
  },
];

const shown = (pathname: string) => {
  const matches = matchRoutes(rankRoutes(table), pathname);
  return { element: matches.at(-1)?.route.element, params: matches.at(-1)?.params };
};

describe('route matching', () => {
  it('prefers a static segment to a parameter, an index to its parent, and a splat last', () => {
    expect(shown('/').element).toBe('home');
    expect(shown('/users').element).toBe('list');
    expect(shown('/users/new').element).toBe('new user');
    expect(shown('/users/u1')).toEqual({ element: 'user', params: { id: 'u1' } });
    expect(shown('/nowhere/at/all')).toEqual({ element: 'not found', params: { '*': 'nowhere/at/all' } });
  });

  it('matches as react-router does: an optional last segment, any case, a trailing slash, decoded parameters', () => {
    expect(shown('/organizations/zeta').params).toEqual({ organization: 'zeta' });
    expect(shown('/organizations/zeta/members').params).toEqual({ organization: 'zeta', section: 'members' });
    expect(shown('/USERS/').element).toBe('list');
    expect(shown('/users/a%20b').params).toEqual({ id: 'a b' });
    expect(shown('/users/%E0%A4%A').params).toEqual({ id: '%E0%A4%A' });
    expect(matchRoutes(rankRoutes([{ path: 'only' }]), '/other')).toEqual([]);
  });
});

/** A lazy route whose code arrives when the test says. */
function deferredScreen() {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const loaded = new Promise<LazyRoute>((resolve, reject) => {
    arrive = () => resolve({ element: 'lazy screen' });
    fail = reject;
  });
  return { lazy: () => loaded, arrive, fail };
}

describe('navigation', () => {
  it('keeps the screen on show until the next one has loaded, then changes address and screen together', async () => {
    const screen = deferredScreen();
    const router = createMemoryRouter(
      [
        { path: 'a', element: 'a' },
        { path: 'b', lazy: screen.lazy },
      ],
      {
        initialEntries: ['/a'],
      },
    );
    const going = router.navigate('/b?x=1');
    expect(router.state.location.pathname).toBe('/a');
    expect(router.state.navigation.state).toBe('loading');
    screen.arrive();
    await going;
    expect(router.state.location).toMatchObject({ pathname: '/b', search: '?x=1' });
    expect(router.state.navigation.state).toBe('idle');
    expect(router.state.historyAction).toBe('PUSH');
    expect(router.loaded(router.state.matches[0]!.route)).toEqual({ element: 'lazy screen' });
  });

  it('lets a newer navigation overtake one still loading', async () => {
    const slow = deferredScreen();
    const router = createMemoryRouter(
      [
        { path: 'a', element: 'a' },
        { path: 'slow', lazy: slow.lazy },
        { path: 'c', element: 'c' },
      ],
      {
        initialEntries: ['/a'],
      },
    );
    const first = router.navigate('/slow');
    await router.navigate('/c');
    slow.arrive();
    await first;
    expect(router.state.location.pathname).toBe('/c');
  });

  it('shows a failed load at the nearest error element, and is not initialized until the first screen loaded', async () => {
    const screen = deferredScreen();
    const router = createMemoryRouter(
      [{ errorElement: 'failed', children: [{ path: 'x', children: [{ index: true, lazy: screen.lazy }] }] }],
      { initialEntries: ['/x'] },
    );
    expect(router.state.initialized).toBe(false);
    const settled = new Promise((resolve) => router.subscribe(resolve));
    screen.fail(new Error('Failed to fetch dynamically imported module'));
    await settled;
    expect(router.state.initialized).toBe(true);
    expect(router.state.errors).toMatchObject({
      boundary: 0,
      error: { message: 'Failed to fetch dynamically imported module' },
    });
  });

  it('replaces the entry for a link to the address on show, adds one otherwise, and hears Back', async () => {
    const router = createMemoryRouter([{ path: '*', element: 'any' }], { initialEntries: ['/a'] });
    await router.navigate('/a');
    expect(router.state.historyAction).toBe('REPLACE');
    await router.navigate('/b', { state: { from: 'a' } });
    expect(router.state.location.state).toEqual({ from: 'a' });
    const back = new Promise((resolve) => router.subscribe(resolve));
    await router.navigate(-1);
    await back;
    expect(router.state).toMatchObject({ historyAction: 'POP', location: { pathname: '/a' } });
  });
});
