/**
 * @module The router's React side, named and shaped as react-router's so screens read as they
 * did: `RouterProvider` renders the matched routes, each route's `Outlet` the next one; links,
 * `Navigate` and the hooks over the router's state.
 */
import {
  Component,
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  startTransition,
  useLayoutEffect,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { Location } from './history';
import type { NavigateOptions, Router, RouterState } from './router';

const RouterContext = createContext<{ router: Router; state: RouterState } | null>(null);
/** The index in the matches of the route being rendered. */
const DepthContext = createContext(-1);
const RouteErrorContext = createContext<unknown>(undefined);

function useRouterContext() {
  const context = useContext(RouterContext);
  if (!context) throw new Error('a router hook used outside RouterProvider');
  return context;
}

/**
 * Renders each new state as a transition, as react-router does, so React may keep the screen on
 * show while the next one renders; the app's screens (the DataGrid's paging among them) were
 * written against that timing. A navigation asked with `flushSync` renders at once.
 */
export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    setState(router.state);
    return router.subscribe((next, { sync }) => (sync ? setState(next) : startTransition(() => setState(next))));
  }, [router]);
  const value = useMemo(() => ({ router, state }), [router, state]);
  return (
    <RouterContext.Provider value={value}>
      <RouteAt depth={0} />
    </RouterContext.Provider>
  );
}

/** Resets with the address: the next screen starts without the last one's error. */
class RouteErrorBoundary extends Component<
  { location: Location; fallback: ReactNode; children: ReactNode },
  { error: unknown; location: Location }
> {
  override state = { error: undefined as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { location: Location },
    state: { error: unknown; location: Location },
  ): { error: unknown; location: Location } | null {
    return props.location === state.location ? null : { error: undefined, location: props.location };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return <RouteErrorContext.Provider value={this.state.error}>{this.props.fallback}</RouteErrorContext.Provider>;
  }
}

function RouteAt({ depth }: { depth: number }) {
  const { router, state } = useRouterContext();
  const match = state.matches[depth];
  if (!match) return null;
  const { route } = match;
  if (!state.initialized && route.hydrateFallbackElement !== undefined) return route.hydrateFallbackElement;

  let content: ReactNode;
  if (state.errors?.boundary === depth) {
    content = <RouteErrorContext.Provider value={state.errors.error}>{route.errorElement}</RouteErrorContext.Provider>;
  } else {
    const screen = router.loaded(route);
    content = screen?.element ?? (screen?.Component ? <screen.Component /> : <Outlet />);
  }
  content = <DepthContext.Provider value={depth}>{content}</DepthContext.Provider>;
  if (route.errorElement === undefined) return content;
  return (
    <RouteErrorBoundary location={state.location} fallback={route.errorElement}>
      {content}
    </RouteErrorBoundary>
  );
}

/** Where a route's child route renders. */
export function Outlet() {
  return <RouteAt depth={useContext(DepthContext) + 1} />;
}

export function useLocation(): Location {
  return useRouterContext().state.location;
}

export function useParams(): Readonly<Record<string, string | undefined>> {
  const { state } = useRouterContext();
  return state.matches[useContext(DepthContext)]?.params ?? {};
}

export function useNavigate(): (to: string | number, options?: NavigateOptions) => Promise<void> {
  const { router } = useRouterContext();
  return useCallback((to, options) => router.navigate(to, options), [router]);
}

export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

type SearchInit = URLSearchParams | Record<string, string> | string;

export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { router, state } = useRouterContext();
  const { search } = state.location;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const current = new URLSearchParams(router.state.location.search);
      const query = new URLSearchParams(typeof next === 'function' ? next(current) : next).toString();
      void router.navigate(`${router.state.location.pathname}${query ? `?${query}` : ''}`, options);
    },
    [router],
  );
  return [params, set];
}

export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => void navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  state?: unknown;
};

/** A plain click navigates in the page; a modified or middle click, or another target, is the browser's. */
function useLinkClick({ to, replace, state, target, onClick }: LinkProps) {
  const { router } = useRouterContext();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void router.navigate(to, { replace, state });
  };
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const { to, replace: _replace, state: _state, ...anchor } = props;
  return <a {...anchor} ref={ref} href={to} onClick={useLinkClick(props)} />;
});

/** A link that knows it leads to the page on show: `aria-current="page"` and the class `active`. */
export const NavLink = forwardRef<HTMLAnchorElement, LinkProps & { end?: boolean }>(function NavLink(props, ref) {
  const { to, replace: _replace, state: _state, end, className, ...anchor } = props;
  const pathname = useLocation()
    .pathname.toLowerCase()
    .replace(/(.)\/$/, '$1');
  const target = to.toLowerCase();
  const active = pathname === target || (!end && pathname.startsWith(`${target}/`));
  return (
    <a
      {...anchor}
      ref={ref}
      href={to}
      onClick={useLinkClick(props)}
      aria-current={active ? 'page' : undefined}
      className={[className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined}
    />
  );
});
