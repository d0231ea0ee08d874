/**
 * @module The tables as Kysely sees them. Names are better-auth's (camelCase columns), so a
 * better-auth database opens in Latchkey. Dates and booleans arrive as the driver gives them
 * (SQLite: ISO text and 0/1) and are turned into `Date` and `boolean` by each store's row mapper.
 */
import type { ColumnType } from 'kysely';

export type Dialect = 'sqlite' | 'postgres' | 'mysql';

/** Written as a Date (the SQLite values plugin turns it into ISO text); read as the driver gives it. */
export type DbDate = ColumnType<Date | string, Date, Date>;
export type DbBool = ColumnType<boolean | number, boolean, boolean>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: DbBool;
  image: string | null;
  createdAt: DbDate;
  updatedAt: DbDate;
}

export interface SessionTable {
  id: string;
  /** SHA-256 digest (hex) of the session token; the token itself lives only in the client's cookie. */
  token: string;
  userId: string;
  expiresAt: DbDate;
  createdAt: DbDate;
  updatedAt: DbDate;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: ColumnType<Date | string | null, Date | null, Date | null>;
  refreshTokenExpiresAt: ColumnType<Date | string | null, Date | null, Date | null>;
  scope: string | null;
  createdAt: DbDate;
  updatedAt: DbDate;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  /** Digest of the one-time token, never the token. */
  value: string;
  expiresAt: DbDate;
  createdAt: DbDate;
  updatedAt: DbDate;
  nonce: string | null;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
}
