/**
 * @module The core tables' columns as SPEC §3 names them (better-auth's names), sorted: what the
 * migration creates, and the fields get-session answers for user and session; plus the user's
 * `language`, which the specification does not have.
 */
export const CORE_COLUMNS = {
  // `language` is Latchkey's own (the language of the user's mails, issue #32 item 15).
  user: ['createdAt', 'email', 'emailVerified', 'id', 'image', 'language', 'name', 'updatedAt'],
  session: ['createdAt', 'expiresAt', 'id', 'ipAddress', 'token', 'updatedAt', 'userAgent', 'userId'],
  account: [
    'accessToken',
    'accessTokenExpiresAt',
    'accountId',
    'createdAt',
    'id',
    'idToken',
    'password',
    'providerId',
    'refreshToken',
    'refreshTokenExpiresAt',
    'scope',
    'updatedAt',
    'userId',
  ],
  verification: ['createdAt', 'expiresAt', 'id', 'identifier', 'nonce', 'updatedAt', 'value'],
} as const;
