/**
 * @module A better-auth 1.7 database made by better-auth itself (its migrations, its handler, its
 * API), configured as an application moving to Latchkey would have it: e-mail and password, the
 * username, admin and organization (with teams) plugins. What it holds is what the import test
 * checks: users with passwords and usernames, an admin, a banned user, a social account with
 * provider tokens, sessions (one impersonating, one expired), an organization with members, a
 * team, a team member and an invitation, a mailed password-reset link; a user with two-factor on
 * (better-auth's twoFactor plugin, its secret and backup codes encrypted with its secret), and a
 * passkey of alice's in the `passkey` table of @better-auth/passkey (its schema, declared below:
 * that package cannot sit beside the root's better-auth, packages/server/test/better-auth-passkey).
 */
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { admin, organization, twoFactor, username } from 'better-auth/plugins';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { authenticator as totp } from 'otplib';
import pg from 'pg';
import { SoftAuthenticator } from '../../../../packages/server/test/support/soft-authenticator';
import type { TestDialect } from '../../../../test/services';

export const BETTER_AUTH_SECRET = 'better-auth-import-test-secret-0123456789abcdef';
export const BASE_URL = 'http://localhost:3000';

export interface SourceUser {
  id: string;
  email: string;
  password: string;
  username?: string;
}

/** @better-auth/passkey 1.7's model, as its plugin declares it (its migrations make this table). */
const PASSKEY_SCHEMA = {
  passkey: {
    fields: {
      name: { type: 'string', required: false },
      publicKey: { type: 'string', required: true },
      userId: { type: 'string', references: { model: 'user', field: 'id' }, required: true, index: true },
      credentialID: { type: 'string', required: true, index: true },
      counter: { type: 'number', required: true },
      deviceType: { type: 'string', required: true },
      backedUp: { type: 'boolean', required: true },
      transports: { type: 'string', required: false },
      createdAt: { type: 'date', required: false },
      aaguid: { type: 'string', required: false },
    },
  },
} as const;

export interface BetterAuthSource {
  alice: SourceUser;
  bob: SourceUser;
  dave: SourceUser;
  /** Two-factor on: her authenticator app's base32 secret and her unused backup codes. */
  erin: SourceUser & { totpSecret: string; backupCodes: string[] };
  /** alice's passkey (its counter at 3), on the authenticator that holds it. */
  alicePasskey: { id: string; authenticator: SoftAuthenticator };
  /** The `Cookie` header better-auth's sign-up gave alice: `better-auth.session_token=…`. */
  aliceCookie: string;
  /** alice's session token as better-auth's answer gave it (the bearer value of its bearer plugin). */
  aliceToken: string;
  organizationId: string;
  teamId: string;
  invitationId: string;
  /** The token better-auth mailed bob in a password-reset link. */
  resetToken: string;
  githubTokens: { accessToken: string; refreshToken: string };
  close(): Promise<void>;
}

function connect(dialect: TestDialect, url: string) {
  if (dialect === 'postgres') return new pg.Pool({ connectionString: url, max: 2 });
  if (dialect === 'mysql') return mysql.createPool({ uri: url, connectionLimit: 2 });
  return new Database(url);
}

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: BASE_URL },
  body: JSON.stringify(body),
});

export async function createBetterAuthSource(dialect: TestDialect, url: string): Promise<BetterAuthSource> {
  const database = connect(dialect, url);
  let resetToken: string | undefined;
  const options = {
    database,
    baseURL: BASE_URL,
    secret: BETTER_AUTH_SECRET,
    emailAndPassword: {
      enabled: true,
      sendResetPassword: async ({ token }: { token: string }) => {
        resetToken = token;
      },
    },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { disabled: true },
    plugins: [
      username(),
      admin(),
      organization({ teams: { enabled: true } }),
      twoFactor(),
      { id: 'passkey-schema', schema: PASSKEY_SCHEMA },
    ],
  };
  await (await getMigrations(options)).runMigrations();
  const auth = betterAuth(options);
  const context = await auth.$context;

  async function signUp(
    user: Omit<SourceUser, 'id'>,
    name: string,
  ): Promise<{ id: string; cookie: string; token: string }> {
    const response = await auth.handler(new Request(`${BASE_URL}/api/auth/sign-up/email`, json({ ...user, name })));
    if (response.status !== 200) throw new Error(`better-auth sign-up: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { token: string; user: { id: string } };
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .filter((pair) => pair.startsWith('better-auth.session_token='))
      .join('; ');
    return { id: body.user.id, cookie, token: body.token };
  }

  const alice = { email: 'alice@example.com', password: 'alice old password', username: 'Alice_Liddell' };
  const bob = { email: 'bob@example.com', password: 'bob old password', username: 'bob' };
  const dave = { email: 'dave@example.com', password: 'dave old password' };
  const a = await signUp(alice, 'Alice');
  const b = await signUp(bob, 'Bob');
  const d = await signUp(dave, 'Dave');
  const headers = new Headers({ cookie: a.cookie });

  await context.internalAdapter.updateUser(a.id, { role: 'admin' });
  const org = await auth.api.createOrganization({
    body: { name: 'Acme', slug: 'acme', metadata: { plan: 'pro' } },
    headers,
  });
  if (!org) throw new Error('better-auth did not create the organization');
  const team = await auth.api.createTeam({ body: { name: 'Engineering', organizationId: org.id }, headers });
  await auth.api.addMember({ body: { userId: b.id, role: 'admin', organizationId: org.id } });
  await auth.api.addTeamMember({ body: { teamId: team.id, userId: b.id }, headers });
  const invitation = await auth.api.createInvitation({
    body: { email: 'carol@example.com', role: 'member', organizationId: org.id, teamId: team.id },
    headers,
  });
  await auth.api.banUser({ body: { userId: d.id, banReason: 'spam', banExpiresIn: 86_400 }, headers });
  // An admin's impersonation session (impersonatedBy), and an expired one of bob's.
  await auth.api.impersonateUser({ body: { userId: b.id }, headers });
  const old = await context.internalAdapter.createSession(b.id);
  await context.adapter.update({
    model: 'session',
    where: [{ field: 'id', value: old.id }],
    update: { expiresAt: new Date(Date.now() - 60_000) },
  });
  const githubTokens = { accessToken: 'gho_plain_access_token', refreshToken: 'ghr_plain_refresh_token' };
  await context.internalAdapter.createAccount({
    userId: a.id,
    providerId: 'github',
    accountId: '4242',
    ...githubTokens,
    scope: 'read:user,user:email',
  });
  await auth.api.requestPasswordReset({ body: { email: bob.email, redirectTo: `${BASE_URL}/reset` } });
  if (!resetToken) throw new Error('better-auth mailed no reset link');

  const erin = { email: 'erin@example.com', password: 'erin old password' };
  const e = await signUp(erin, 'Erin');
  const erinHeaders = new Headers({ cookie: e.cookie });
  const enabled = await auth.api.enableTwoFactor({ body: { password: erin.password }, headers: erinHeaders });
  if (enabled.method !== 'totp') throw new Error('better-auth enabled no TOTP');
  const totpSecret = new URL(enabled.totpURI).searchParams.get('secret') ?? '';
  await auth.api.verifyTOTP({ body: { code: totp.generate(totpSecret) }, headers: erinHeaders });

  const passkeyAuthenticator = new SoftAuthenticator(BASE_URL);
  const passkey = await context.adapter.create<Record<string, unknown>, { id: string }>({
    model: 'passkey',
    data: {
      name: 'Alice’s laptop',
      publicKey: passkeyAuthenticator.coseKey().toString('base64'),
      userId: a.id,
      credentialID: passkeyAuthenticator.id,
      counter: 3,
      deviceType: 'singleDevice',
      backedUp: false,
      transports: 'internal,hybrid',
      createdAt: new Date(),
      aaguid: '00000000-0000-0000-0000-000000000000',
    },
  });
  // The authenticator's own counter where the stored one is: its next assertion counts 4.
  passkeyAuthenticator.get({ challenge: 'AA' }, { counter: 3 });

  return {
    alice: { ...alice, id: a.id },
    bob: { ...bob, id: b.id },
    dave: { ...dave, id: d.id },
    erin: { ...erin, id: e.id, totpSecret, backupCodes: enabled.backupCodes },
    alicePasskey: { id: passkey.id, authenticator: passkeyAuthenticator },
    aliceCookie: a.cookie,
    aliceToken: a.token,
    organizationId: org.id,
    teamId: team.id,
    invitationId: invitation.id,
    resetToken,
    githubTokens,
    close: async () => {
      if (database instanceof Database) database.close();
      else await database.end();
    },
  };
}
