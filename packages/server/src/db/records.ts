/**
 * @module The rows as the engine and its callers see them: real Dates and booleans on every
 * dialect, as the database layer reads them (column-values-plugin.ts).
 */

export interface User {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** Columns plugins add (role, username…), typed by their declarations. */
  [extra: string]: unknown;
}

export interface Session {
  id: string;
  /** The SHA-256 digest of the session token, as stored. */
  token: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  /** Columns plugins add (impersonatedBy, activeOrganizationId…). */
  [extra: string]: unknown;
}
