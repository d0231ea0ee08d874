/**
 * @module The rows as the engine and its callers see them: real Dates and booleans on every
 * dialect. Stores convert driver values with `toDate` and `toBool`. The columns plugins add are
 * read into the same objects but typed only where declared: a plugin sees them through its schema
 * (`plugin-schema.ts`), `auth.api` through its plugins' types (`auth-types.ts`).
 */

export interface User {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Date;
  updatedAt: Date;
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
}

export function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

export function toBool(value: boolean | number | string): boolean {
  return value === true || value === 1 || value === '1';
}
