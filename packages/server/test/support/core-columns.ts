/**
 * @module The core tables' columns as SPEC §3 names them (better-auth's names), sorted: what the
 * migration creates, and the fields get-session answers for user and session.
 */
export const CORE_COLUMNS = {
  user: ['createdAt', 'email', 'emailVerified', 'id', 'image', 'name', 'updatedAt'],
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
