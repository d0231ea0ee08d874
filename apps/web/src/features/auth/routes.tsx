import type { RouteObject } from 'react-router';

/** Public screens: sign-in, sign-up, forgot and reset password, e-mail verification result, error. */
export const authRoutes: RouteObject[] = [];
