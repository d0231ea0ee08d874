/**
 * @module The shapes of the admin API as the client types them. A leaf: the query keys and the
 * hooks both name them, and neither imports the other for it.
 */
import type { AppClient } from '../../../lib/auth';

export type ListUsersQuery = NonNullable<NonNullable<Parameters<AppClient['admin']['listUsers']>[0]>['query']>;
export type UserPage = NonNullable<Awaited<ReturnType<AppClient['admin']['listUsers']>>['data']>;
export type AdminUser = UserPage['users'][number];
