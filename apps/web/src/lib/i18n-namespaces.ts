/** The app's translation namespaces: one file each under `locales/<tag>/`. */
export const NAMESPACES = ['common', 'errors', 'auth', 'account', 'organization', 'admin', 'outbox', 'oauth'] as const;
export type Namespace = (typeof NAMESPACES)[number];
