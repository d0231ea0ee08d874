/**
 * @module The tables as Kysely sees them. Names are better-auth's (camelCase columns), so a
 * better-auth database opens in Latchkey. Dates and booleans are `Date` and `boolean` both ways on
 * every dialect: the ColumnValuesPlugin converts them (column-values-plugin.ts).
 */

export type Dialect = 'sqlite' | 'postgres' | 'mysql';

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface SessionTable {
  id: string;
  /** SHA-256 digest (hex) of the session token; the token itself lives only in the client's cookie. */
  token: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
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
  accessTokenExpiresAt: Date | null;
  refreshTokenExpiresAt: Date | null;
  scope: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  /** Digest of the one-time token, never the token. */
  value: string;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  nonce: string | null;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
}
