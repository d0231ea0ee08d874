import type { RouteObject } from 'react-router';

/** The admin console, under /admin (the app puts it behind RequireAdmin). */
export const adminRoutes: RouteObject[] = [];
