/**
 * @module The core routes as a client plugin that every client has: the routes any Latchkey (or
 * better-auth) server serves without plugins, the session store, and which calls refresh it
 * (SPEC §4). Routes opened by a browser with a `:param` (mailed links, OAuth callbacks) and
 * server-only routes are not client calls, so they are not here.
 */
import type { CoreEndpoints } from '@latchkey/server';
import { defineClientPlugin, type RouteTableOf } from './client-plugin';

const SESSION = ['session'] as const;

export const coreClient = defineClientPlugin({
  id: 'core',
  routes: {
    signUpEmail: { path: '/sign-up/email', method: 'POST' },
    signInEmail: { path: '/sign-in/email', method: 'POST' },
    signOut: { path: '/sign-out', method: 'POST' },
    getSession: { path: '/get-session', method: 'GET' },
    listSessions: { path: '/list-sessions', method: 'GET' },
    revokeSession: { path: '/revoke-session', method: 'POST' },
    revokeSessions: { path: '/revoke-sessions', method: 'POST' },
    revokeOtherSessions: { path: '/revoke-other-sessions', method: 'POST' },
    updateUser: { path: '/update-user', method: 'POST' },
    ok: { path: '/ok', method: 'GET' },
    error: { path: '/error', method: 'GET' },
    sendVerificationEmail: { path: '/send-verification-email', method: 'POST' },
    verifyEmail: { path: '/verify-email', method: 'GET' },
    changeEmail: { path: '/change-email', method: 'POST' },
    forgetPassword: { path: '/forget-password', method: 'POST' },
    requestPasswordReset: { path: '/request-password-reset', method: 'POST' },
    resetPassword: { path: '/reset-password', method: 'POST' },
    changePassword: { path: '/change-password', method: 'POST' },
    deleteUser: { path: '/delete-user', method: 'POST' },
    deleteUserCallback: { path: '/delete-user/callback', method: 'GET' },
    listAccounts: { path: '/list-accounts', method: 'GET' },
    unlinkAccount: { path: '/unlink-account', method: 'POST' },
    signInSocial: { path: '/sign-in/social', method: 'POST' },
    linkSocial: { path: '/link-social', method: 'POST' },
    refreshToken: { path: '/refresh-token', method: 'POST' },
    getAccessToken: { path: '/get-access-token', method: 'POST' },
    listSocialProviders: { path: '/social-providers', method: 'GET' },
    // The API description (issue #18): the document for tools, the page as `error` is one.
    openApiDocument: { path: '/openapi.json', method: 'GET' },
    apiReference: { path: '/reference', method: 'GET' },
  } satisfies RouteTableOf<CoreEndpoints[number]>,
  stores: { session: { route: 'getSession', hook: 'useSession' } },
  refresh: {
    signUpEmail: SESSION,
    signInEmail: SESSION,
    signInSocial: SESSION,
    signOut: SESSION,
    updateUser: SESSION,
    deleteUser: SESSION,
    verifyEmail: SESSION,
    changePassword: SESSION,
    revokeSession: SESSION,
    revokeSessions: SESSION,
    revokeOtherSessions: SESSION,
  },
});

export type CoreClient = typeof coreClient;
