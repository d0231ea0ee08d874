/**
 * @module The two-factor step as users meet it: POST /sign-in/email of a user with TOTP on (the
 * password, answered with the `two_factor` cookie), then POST /two-factor/verify-totp with a code
 * of their authenticator app, measured as the pair. Each code works once: the plugin keeps each
 * user's last accepted time step and refuses it and every earlier one. So the load signs in many
 * users in turn, each made in bulk as a copy of one that turned two-factor on through HTTP (the
 * secret is sealed for its column, not for its user), and sends the code of a step the user has
 * not used yet (now's, or the next one, which the plugin accepts for clock drift).
 */
import { authenticator } from 'otplib';
import { cookiesSet, expectJson, pageOrigin, setupBrowser } from './support/setup-browser';
import type { LoadOptions, LoadStep } from './support/load';
import { copyRow, padded, type SqlRows } from './support/sql-rows';

const PASSWORD = 'bench password 1234';
const SOURCE_EMAIL = 'bench-two-factor@example.com';
/**
 * Users in turn: each may pass the step twice in 30 s (now's step and the next), so 3,000 of them
 * carry 200 sign-ins a second, above Argon2's rate on this machine.
 */
export const TWO_FACTOR_USERS = 3_000;
const STEP_MS = 30_000;

export const twoFactorUserId = (dialect: SqlRows['dialect'], i: string) => `'bench-tf-u' || ${padded(dialect, 8, i)}`;
const email = (i: number) => `tf-${String(i).padStart(8, '0')}@bench.test`;

/** Signs up the source user, turns TOTP on with its first code, and copies it `TWO_FACTOR_USERS` times. */
export async function seedTwoFactorUsers(base: string, db: SqlRows, forwardedFor?: () => string): Promise<string> {
  const browser = setupBrowser(base, forwardedFor);
  const api = `${base}/api/auth`;
  const signUp = await expectJson(
    await browser.postJson(`${api}/sign-up/email`, { name: 'Bench 2FA', email: SOURCE_EMAIL, password: PASSWORD }),
    'sign-up',
  );
  const sourceId = String((signUp.user as { id: string }).id);
  const enabled = await expectJson(
    await browser.postJson(`${api}/two-factor/enable`, { password: PASSWORD }),
    'enable',
  );
  const secret = new URL(String(enabled.totpURI)).searchParams.get('secret');
  if (!secret) throw new Error(`two-factor/enable answered no secret: ${JSON.stringify(enabled)}`);
  await expectJson(
    await browser.postJson(`${api}/two-factor/verify-totp`, { code: authenticator.generate(secret) }),
    'verify-totp (enable)',
  );
  const d = db.dialect;
  const pad = padded(d, 8);
  const userColumns = await db.columns('user');
  await copyRow(db, 'user', ['id', sourceId], TWO_FACTOR_USERS, {
    id: twoFactorUserId(d, 'i'),
    name: `'Bench 2FA ' || ${pad}`,
    email: `'tf-' || ${pad} || '@bench.test'`,
    ...(userColumns.includes('username') ? { username: 'null', displayUsername: 'null' } : {}),
  });
  await copyRow(db, 'account', ['userId', sourceId], TWO_FACTOR_USERS, {
    id: `'bench-tf-a' || ${pad}`,
    accountId: twoFactorUserId(d, 'i'),
    userId: twoFactorUserId(d, 'i'),
  });
  await copyRow(db, 'twoFactor', ['userId', sourceId], TWO_FACTOR_USERS, {
    id: `'bench-tf-t' || ${pad}`,
    userId: twoFactorUserId(d, 'i'),
    lastTotpStep: 'null',
  });
  return secret;
}

interface PairContext {
  user?: number;
  cookie?: string;
}

/** The pair as one sequence per connection: sign-in, then the code for the user it signed in. */
export function twoFactorLoad(base: string, secret: string): Omit<LoadOptions, 'duration'> {
  const lastStep = new Array<number>(TWO_FACTOR_USERS).fill(-1);
  let next = 0;
  /** The next user with a step left to use, and that step (now's or the next). */
  const pick = (): { user: number; step: number } => {
    const now = Math.floor(Date.now() / STEP_MS);
    for (let tried = 0; tried < TWO_FACTOR_USERS; tried += 1) {
      const user = next;
      next = (next + 1) % TWO_FACTOR_USERS;
      const step = Math.max(now, lastStep[user]! + 1);
      if (step <= now + 1) return { user, step };
    }
    throw new Error('every two-factor user has used its codes of this step: raise TWO_FACTOR_USERS');
  };
  const json = { 'content-type': 'application/json' };
  const steps: LoadStep[] = [
    {
      method: 'POST',
      path: '/api/auth/sign-in/email',
      headers: json,
      setupRequest: (request, context) => {
        const state = context as PairContext;
        const { user } = pick();
        state.user = user;
        return { ...request, body: JSON.stringify({ email: email(user), password: PASSWORD }) };
      },
      onResponse: (_status, _body, context, headers) => {
        (context as PairContext).cookie = cookiesSet(headers);
      },
    },
    {
      method: 'POST',
      path: '/api/auth/two-factor/verify-totp',
      setupRequest: (request, context) => {
        const state = context as PairContext;
        const user = state.user ?? 0;
        const step = Math.max(Math.floor(Date.now() / STEP_MS), lastStep[user]! + 1);
        lastStep[user] = step;
        const code = authenticator.clone({ epoch: step * STEP_MS }).generate(secret);
        return {
          ...request,
          headers: { ...request.headers, ...json, origin: pageOrigin(base), cookie: state.cookie ?? '' },
          body: JSON.stringify({ code }),
        };
      },
    },
  ];
  return { url: base, steps, connections: 10 };
}
