/**
 * @module What a bulk import from another server (`latchkey
 * import-better-auth`) needs beneath `auth.api`. Rows are copied with their ids, which no endpoint
 * does, so the importer writes through the auth's own database handle (its column values plugin
 * makes dates and booleans right for the dialect), and every secret goes through the same functions
 * the engine itself uses: a session token becomes the digest the session store looks up, a one-time
 * token the identifier its redemption finds, a provider token the token cipher's sealed value.
 * Nothing is stored in clear that Latchkey would not store in clear.
 */
import type { Kysely } from 'kysely';
import { contextOf, type Auth } from '../create-auth';
import { sha256Hex } from '../crypto/digest';
import type { TokenColumn } from './provider-account-store';
import type { Database, Dialect } from './schema';
import { identifierOf, type TokenPurpose } from '../verification/one-time-token';

export type { TokenColumn, TokenPurpose, Dialect };

export interface ImportTarget {
  /** The auth's database, with its column values plugin: Dates and booleans in, on every dialect. */
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  /** What the session table keeps of a session token (the client keeps the token). */
  sessionTokenDigest(token: string): string;
  /** The verification identifier under which a mailed one-time token is redeemed. */
  oneTimeTokenIdentifier(purpose: TokenPurpose, token: string): string;
  /** A provider's access, refresh or id token as the provider account store writes it: encrypted. */
  sealProviderToken(value: string, column: TokenColumn): string;
  /**
   * A plugin's secret as the token cipher stores it under `purpose` (the plugin's own, such as the
   * two-factor secret's): a plugin exports what it keeps, the engine only encrypts.
   */
  seal(value: string, purpose: string): string;
}

export function importTargetOf(auth: Pick<Auth, 'handler'>): ImportTarget {
  const context = contextOf(auth);
  return Object.freeze({
    db: context.db,
    dialect: context.dialect,
    // create-session.ts stores exactly this, and get-session looks it up by it.
    sessionTokenDigest: (token: string) => sha256Hex(token),
    oneTimeTokenIdentifier: identifierOf,
    sealProviderToken: (value: string, column: TokenColumn) => context.tokenCipher.encrypt(value, column),
    seal: (value: string, purpose: string) => context.tokenCipher.encrypt(value, purpose),
  });
}
