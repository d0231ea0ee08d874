import type { RouteObject } from 'react-router';

/** The signed-in user's account screens, under /account. */
export const accountRoutes: RouteObject[] = [];
