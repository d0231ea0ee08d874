/**
 * @module better-auth's core tables (with the admin and username plugins' columns) as Latchkey
 * rows. What changes on the way, and why:
 * - e-mails and usernames are lower-cased, as Latchkey stores and looks them up;
 * - a missing role is `user` and a missing ban flag false (those plugins were not enabled);
 * - passwords are copied as they are: better-auth's scrypt `<salt hex>:<key hex>` is what
 *   Latchkey's password module verifies, and it is replaced by Argon2id at the next sign-in;
 * - provider tokens are encrypted with the server's token cipher, never stored in clear;
 * - session tokens become their SHA-256 digest, which is all Latchkey keeps, so the client's token
 *   still finds its session; expired sessions are left behind;
 * - of the verification rows only the mailed password-reset and account-deletion links are
 *   usable by Latchkey (stored as its digests); better-auth's e-mail verification and change-e-mail
 *   links are signed JWTs that were never rows, and OAuth states live minutes.
 */
import type { TokenColumn } from '@latchkey/server/operations';
import type { MapContext, Mapping, TablePlan } from './table-plan';
import { readerOf, type SourceRow } from './source-values';

/** The format better-auth 1.x writes by default (hashPassword in better-auth/crypto). */
const BETTER_AUTH_SCRYPT = /^[0-9a-f]{32}:[0-9a-f]{128}$/i;

export const UNVERIFIABLE_PASSWORD_NOTE = 'password hashes Latchkey cannot verify (those users reset their password)';

const user = readerOf('user');
export const userPlan: TablePlan = {
  source: 'user',
  target: 'user',
  parents: {},
  uniqueKeys: [['email'], ['username']],
  map: (row) => ({
    row: {
      id: user.text(row, 'id'),
      name: user.text(row, 'name'),
      email: user.text(row, 'email').toLowerCase(),
      emailVerified: user.boolean(row, 'emailVerified', false),
      image: user.optionalText(row, 'image'),
      createdAt: user.date(row, 'createdAt'),
      updatedAt: user.date(row, 'updatedAt'),
      role: user.optionalText(row, 'role') ?? 'user',
      banned: user.boolean(row, 'banned', false),
      banReason: user.optionalText(row, 'banReason'),
      banExpires: user.optionalDate(row, 'banExpires'),
      username: user.optionalText(row, 'username')?.toLowerCase() ?? null,
      displayUsername: user.optionalText(row, 'displayUsername'),
      // With its twoFactor row (plugin-tables.ts), or without one for mailed codes only.
      twoFactorEnabled: user.boolean(row, 'twoFactorEnabled', false),
    },
  }),
};

const account = readerOf('account');
function sealed(row: SourceRow, column: TokenColumn, { target }: MapContext): string | null {
  const value = account.optionalText(row, column);
  return value === null ? null : target.sealProviderToken(value, column);
}

export const accountPlan: TablePlan = {
  source: 'account',
  target: 'account',
  parents: { userId: 'user' },
  uniqueKeys: [['providerId', 'accountId']],
  map(row, context): Mapping {
    const password = account.optionalText(row, 'password');
    const mapped = {
      id: account.text(row, 'id'),
      accountId: account.text(row, 'accountId'),
      providerId: account.text(row, 'providerId'),
      userId: account.text(row, 'userId'),
      password,
      accessToken: sealed(row, 'accessToken', context),
      refreshToken: sealed(row, 'refreshToken', context),
      idToken: sealed(row, 'idToken', context),
      accessTokenExpiresAt: account.optionalDate(row, 'accessTokenExpiresAt'),
      refreshTokenExpiresAt: account.optionalDate(row, 'refreshTokenExpiresAt'),
      scope: account.optionalText(row, 'scope'),
      createdAt: account.date(row, 'createdAt'),
      updatedAt: account.date(row, 'updatedAt'),
    };
    // A custom `password.hash` in better-auth's options (bcrypt, say) wrote something else: the row
    // still comes (so the user can reset the password), and the operator is told how many.
    const verifiable = password === null || BETTER_AUTH_SCRYPT.test(password) || password.startsWith('$argon2');
    return verifiable ? { row: mapped } : { row: mapped, note: UNVERIFIABLE_PASSWORD_NOTE };
  },
};

const session = readerOf('session');
export const sessionPlan: TablePlan = {
  source: 'session',
  target: 'session',
  parents: { userId: 'user' },
  uniqueKeys: [['token']],
  map(row, { target, now }): Mapping {
    const expiresAt = session.date(row, 'expiresAt');
    if (expiresAt <= now) return { skip: 'expired' };
    return {
      row: {
        id: session.text(row, 'id'),
        token: target.sessionTokenDigest(session.text(row, 'token')),
        userId: session.text(row, 'userId'),
        expiresAt,
        createdAt: session.date(row, 'createdAt'),
        updatedAt: session.date(row, 'updatedAt'),
        ipAddress: session.optionalText(row, 'ipAddress'),
        userAgent: session.optionalText(row, 'userAgent'),
        impersonatedBy: session.optionalText(row, 'impersonatedBy'),
        activeOrganizationId: session.optionalText(row, 'activeOrganizationId'),
        activeTeamId: session.optionalText(row, 'activeTeamId'),
      },
    };
  },
};

/** better-auth's identifiers of the links Latchkey redeems the same way, and Latchkey's purpose for each. */
const MAILED_LINKS = [
  { prefix: 'reset-password:', purpose: 'reset-password' },
  { prefix: 'delete-account-', purpose: 'delete-account' },
] as const;

const verification = readerOf('verification');
export const verificationPlan: TablePlan = {
  source: 'verification',
  target: 'verification',
  parents: {},
  uniqueKeys: [],
  map(row, { target, now }): Mapping {
    const identifier = verification.text(row, 'identifier');
    const link = MAILED_LINKS.find(({ prefix }) => identifier.startsWith(prefix));
    if (!link) return { skip: 'not-importable' };
    const expiresAt = verification.date(row, 'expiresAt');
    if (expiresAt <= now) return { skip: 'expired' };
    const createdAt = verification.optionalDate(row, 'createdAt') ?? now;
    return {
      row: {
        id: verification.text(row, 'id'),
        identifier: target.oneTimeTokenIdentifier(link.purpose, identifier.slice(link.prefix.length)),
        // The user's id, for both links, in better-auth as in Latchkey.
        value: verification.text(row, 'value'),
        expiresAt,
        createdAt,
        updatedAt: verification.optionalDate(row, 'updatedAt') ?? createdAt,
        nonce: null,
      },
    };
  },
};
