/**
 * @module One-time tokens for the links Latchkey mails: e-mail verification, change-email
 * confirmation, password reset, account deletion. The client gets the token; the database keeps
 * only `purpose:sha256(token)` and what the token is for (`userId` or `userId:data`). Redeeming
 * deletes the row conditionally, so a token works exactly once even under concurrent use.
 */
import type { AuthContext } from '../auth/context';
import { sha256Hex } from '../crypto/digest';
import { randomString } from '../crypto/random';
import { DEFAULTS } from '../auth/options';

export type TokenPurpose = 'email-verification' | 'change-email' | 'reset-password' | 'delete-account';

export interface TokenSubject {
  userId: string;
  /** Further data the redemption needs (the address a verification was issued for, a new e-mail). */
  data?: string;
}

export type TokenLookup = { status: 'valid'; subject: TokenSubject } | { status: 'expired' } | { status: 'invalid' };

/** The identifier a token is found by; exported for imports of tokens another server issued (bulk-import.ts). */
export const identifierOf = (purpose: TokenPurpose, token: string) => `${purpose}:${sha256Hex(token)}`;

export async function issueToken(
  auth: AuthContext,
  purpose: TokenPurpose,
  subject: TokenSubject,
  { expiresIn, length = DEFAULTS.sessionTokenLength }: { expiresIn: number; length?: number },
): Promise<string> {
  const token = randomString(length);
  const now = auth.now();
  await auth.verifications.create({
    id: randomString(DEFAULTS.idLength),
    identifier: identifierOf(purpose, token),
    value: subject.data === undefined ? subject.userId : `${subject.userId}:${subject.data}`,
    expiresAt: new Date(now.getTime() + expiresIn * 1000),
    createdAt: now,
  });
  return token;
}

function subjectOf(value: string): TokenSubject {
  const colon = value.indexOf(':');
  return colon === -1 ? { userId: value } : { userId: value.slice(0, colon), data: value.slice(colon + 1) };
}

async function lookUp(auth: AuthContext, purpose: TokenPurpose, token: string, consume: boolean): Promise<TokenLookup> {
  const row = await auth.verifications.find(identifierOf(purpose, token));
  if (!row) return { status: 'invalid' };
  if (row.expiresAt <= auth.now()) {
    await auth.verifications.take(row.id);
    return { status: 'expired' };
  }
  // A concurrent redemption that deleted the row first has used the token.
  if (consume && !(await auth.verifications.take(row.id))) return { status: 'invalid' };
  return { status: 'valid', subject: subjectOf(row.value) };
}

/** Looks a token up without using it (a link that only redirects). Expired rows are deleted. */
export function checkToken(auth: AuthContext, purpose: TokenPurpose, token: string): Promise<TokenLookup> {
  return lookUp(auth, purpose, token, false);
}

/** Uses a token up: of concurrent redemptions exactly one gets `valid`. */
export function redeemToken(auth: AuthContext, purpose: TokenPurpose, token: string): Promise<TokenLookup> {
  return lookUp(auth, purpose, token, true);
}
