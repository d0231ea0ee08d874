/**
 * @module The tables as Kysely sees them. Names are better-auth's (camelCase columns), so a
 * better-auth database opens in Latchkey. Dates and booleans are `Date` and `boolean` both ways on
 * every dialect: the ColumnValuesPlugin converts them (column-values-plugin.ts).
 */

import type { Session, User } from './records';

export type Dialect = 'sqlite' | 'postgres' | 'mysql';

/**
 * The user and session rows are the records the engine works with (records.ts): the column values
 * plugin makes every dialect read them alike, so the table and the record are one declaration.
 */
export type UserTable = User;
export type SessionTable = Session;

export interface AccountTable {
  id: string;
  /** The provider's id of the user (the user's own id for the credential account). */
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Date | null;
  refreshTokenExpiresAt: Date | null;
  /** Comma-separated (SPEC §3). */
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
