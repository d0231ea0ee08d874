/**
 * @module The rows as the engine and its callers see them: real Dates and booleans on every
 * dialect, as the database layer reads them (column-values-plugin.ts). The columns plugins add are
 * read into the same objects but typed only where declared: a plugin sees them through its schema
 * (`plugin/schema.ts`), `auth.api` through its plugins' types (`auth/auth-types.ts`).
 */

export interface User {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  /**
   * The language of the user's mails (a tag of `SERVER_LANGUAGES`), null while unknown. Typed as
   * the column holds it: a row imported or edited by hand may hold anything, so readers check it.
   */
  language: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface Session {
  id: string;
  /** The SHA-256 digest (hex) of the session token, as stored: the token itself lives only in the client's cookie. */
  token: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
}
