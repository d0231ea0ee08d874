/**
 * @module The app's router, in place of react-router (#32 item 22): react-router's data router is
 * 26 KB of the first load compressed, a sixth of it, for a route table, lazy screens, an error
 * screen, links and the query string, which this does in about 2 KB. wouter (1.6 KB), the small
 * router that exists, has no route table with lazy screens and error elements, and gives nested
 * routes addresses relative to their parent, so the app would have been rewritten around it. The
 * names and shapes are react-router's, for the part the app uses; addresses are absolute paths of
 * the app (react-router's route-relative ones are not resolved).
 */
export {
  Link,
  NavLink,
  Navigate,
  Outlet,
  RouterProvider,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from './components';
export { createBrowserRouter, createMemoryRouter, type Router } from './router';
export type { RouteObject } from './route-table';
