import type { RouteObject } from 'react-router';

/** Organizations, under /organizations. */
export const organizationRoutes: RouteObject[] = [];
/** The invitation page `/invitations/:id`. */
export const invitationRoutes: RouteObject[] = [];
