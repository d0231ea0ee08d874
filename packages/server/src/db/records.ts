/**
 * @module The rows as the engine and its callers see them: real Dates and booleans on every
 * dialect. Stores convert driver values with `toDate` and `toBool`.
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

export function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

export function toBool(value: boolean | number | string): boolean {
  return value === true || value === 1 || value === '1';
}
