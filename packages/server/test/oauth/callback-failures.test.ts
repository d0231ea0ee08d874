/**
 * Every way the callback fails, and where it sends the browser: a state that cannot be trusted
 * (missing, unknown, expired, used, from another browser, for another configured provider) goes to
 * the error page with SPEC §5's `please_restart_the_process` and changes nothing; the provider's
 * refusals, and a provider that is not configured, go to errorCallbackURL, else callbackURL, with
 * SPEC §8's codes. Nothing logged carries the
 * client secret or a token.
 */
import { afterAll, expect, it } from 'vitest';
import { sha256Hex } from '../../src/crypto/digest';
import type { Logger } from '../../src/auth/options';
import { pruneJobForTests } from '../../src/testing';
import { describeEachDialect, uniqueEmail, type Harness } from '../support/harness';
import { countRows, expectNothingChanged } from '../support/rows';
import {
  callbackPath,
  githubIdentity,
  githubProvider,
  locationOf,
  signInWith,
  startFlow,
  startGithubEmulator,
} from './support/github-flow';

const emulator = await startGithubEmulator();
afterAll(() => emulator.close());

const logged: string[] = [];
const logger: Logger = {
  info: (obj, msg) => logged.push(`${msg} ${JSON.stringify(obj)}`),
  warn: (obj, msg) => logged.push(`${msg} ${JSON.stringify(obj)}`),
  error: (obj, msg) => logged.push(`${msg} ${JSON.stringify(obj)}`),
};

const github = githubProvider(emulator);
// The same provider under another id: a state issued for one must not finish at the other's callback.
const mirror = { ...githubProvider(emulator), id: 'github-mirror', name: 'GitHub mirror' };

async function stateRow(h: Harness, state: string) {
  return h.auth.context.db
    .selectFrom('verification')
    .selectAll()
    .where('identifier', '=', `oauth-state:${sha256Hex(state)}`)
    .executeTakeFirst();
}

describeEachDialect(
  'OAuth callback failures',
  (h) => {
    it('sends a callback without a state to the error page with state_not_found', async () => {
      const response = await h()
        .client()
        .get(callbackPath({ code: 'abc' }));
      expect(response.status).toBe(302);
      expect(locationOf(response).url.href).toBe('http://localhost:3000/api/auth/error?error=state_not_found');
    });

    it('sends a state it never issued to the error page with please_restart_the_process', async () => {
      const response = await h()
        .client()
        .get(callbackPath({ code: 'abc', state: 'Z'.repeat(32) }));
      expect(locationOf(response).url.href).toBe(
        'http://localhost:3000/api/auth/error?error=please_restart_the_process',
      );
    });

    it('refuses an expired state (10 minutes) and deletes it, creating nobody', async () => {
      const client = h().client();
      const flow = await startFlow(client, { provider: 'github', errorCallbackURL: '/oops' });
      const code = emulator.issueCode(githubIdentity(uniqueEmail('late')), flow.url);
      h().clock.advance(601);
      await expectNothingChanged(h(), async () => {
        const response = await client.get(callbackPath({ code, state: flow.state }));
        expect(locationOf(response).url.pathname).toBe('/api/auth/error');
        expect(locationOf(response).query).toEqual({ error: 'please_restart_the_process' });
      });
      expect(await stateRow(h(), flow.state)).toBeUndefined();
    });

    it('has the prune job delete states that expired unused, and keep those within their 10 minutes', async () => {
      const abandoned = await startFlow(h().client(), { provider: 'github' });
      h().clock.advance(601);
      const fresh = await startFlow(h().client(), { provider: 'github' });
      await pruneJobForTests(h().auth).runPass();
      expect(await stateRow(h(), abandoned.state)).toBeUndefined();
      expect(await stateRow(h(), fresh.state)).toBeDefined();
    });

    it('accepts a state within its 10 minutes', async () => {
      const client = h().client();
      const flow = await startFlow(client, { provider: 'github', callbackURL: '/in-time' });
      const code = emulator.issueCode(githubIdentity(uniqueEmail('intime')), flow.url);
      h().clock.advance(590);
      const response = await client.get(callbackPath({ code, state: flow.state }));
      expect(response.headers.get('location')).toBe('/in-time');
    });

    it('refuses a state replayed from another browser, and leaves it to the browser that started it', async () => {
      const victim = h().client();
      const flow = await startFlow(victim, { provider: 'github', callbackURL: '/mine' });
      const identity = githubIdentity(uniqueEmail('victim'));
      const attacker = h().client();
      await expectNothingChanged(h(), async () => {
        const response = await attacker.get(
          callbackPath({ code: emulator.issueCode(identity, flow.url), state: flow.state }),
        );
        expect(locationOf(response).query).toEqual({ error: 'please_restart_the_process' });
        expect(response.setCookies.has('latchkey.session_token')).toBe(false);
      });
      // A browser with its own binding cookie, from a flow of its own, is refused just the same.
      await startFlow(attacker, { provider: 'github' });
      const again = await attacker.get(
        callbackPath({ code: emulator.issueCode(identity, flow.url), state: flow.state }),
      );
      expect(locationOf(again).query).toEqual({ error: 'please_restart_the_process' });

      const mine = await victim.get(callbackPath({ code: emulator.issueCode(identity, flow.url), state: flow.state }));
      expect(mine.headers.get('location')).toBe('/mine');
    });

    it('makes a browser unable to finish a flow someone else started (login CSRF): the victim stays signed out', async () => {
      const attacker = h().client();
      const flow = await startFlow(attacker, { provider: 'github' });
      const code = emulator.issueCode(githubIdentity(uniqueEmail('csrf')), flow.url);
      const victim = h().client();
      const response = await victim.get(callbackPath({ code, state: flow.state }));
      expect(locationOf(response).query).toEqual({ error: 'please_restart_the_process' });
      expect((await victim.get('/get-session')).body).toBeNull();
    });

    it('uses a state once: the second callback with it is sent to restart', async () => {
      const client = h().client();
      const identity = githubIdentity(uniqueEmail('twice'));
      const flow = await startFlow(client, { provider: 'github', callbackURL: '/once' });
      const first = await client.get(callbackPath({ code: emulator.issueCode(identity, flow.url), state: flow.state }));
      expect(first.headers.get('location')).toBe('/once');
      expect(await stateRow(h(), flow.state)).toBeUndefined();
      const second = await client.get(
        callbackPath({ code: emulator.issueCode(identity, flow.url), state: flow.state }),
      );
      expect(locationOf(second).query).toEqual({ error: 'please_restart_the_process' });
    });

    // Guard: the conditional delete of the state's row (verifications.take in oauth/oauth-state.ts): only the callback whose delete removed it goes on.
    it('lets only one of two concurrent callbacks with the same state through', async () => {
      const client = h().client();
      const identity = githubIdentity(uniqueEmail('race-state'));
      const flow = await startFlow(client, { provider: 'github', callbackURL: '/raced' });
      const codes = [emulator.issueCode(identity, flow.url), emulator.issueCode(identity, flow.url)];
      const responses = await Promise.all(codes.map((code) => client.get(callbackPath({ code, state: flow.state }))));
      const locations = responses.map((r) => r.headers.get('location')).sort();
      expect(locations).toEqual(
        ['/raced', 'http://localhost:3000/api/auth/error?error=please_restart_the_process'].sort(),
      );
    });

    it("refuses a state issued for another provider at this provider's callback", async () => {
      const client = h().client();
      const flow = await startFlow(client, { provider: 'github' });
      const response = await client.get(
        callbackPath(
          { code: emulator.issueCode(githubIdentity(uniqueEmail('mixup')), flow.url), state: flow.state },
          'github-mirror',
        ),
      );
      expect(locationOf(response).query).toEqual({ error: 'please_restart_the_process' });
      expect(await stateRow(h(), flow.state)).toBeDefined();
    });

    it('sends a valid state brought to the callback of a provider that is not configured to errorCallbackURL with oauth_provider_not_found (SPEC §8), creating nobody', async () => {
      const client = h().client();
      const flow = await startFlow(client, {
        provider: 'github',
        callbackURL: '/in',
        errorCallbackURL: '/oops?from=x',
      });
      const code = emulator.issueCode(githubIdentity(uniqueEmail('unconfigured')), flow.url);
      await expectNothingChanged(h(), async () => {
        const response = await client.get(callbackPath({ code, state: flow.state }, 'gitlab'));
        expect(response.status).toBe(302);
        expect(response.headers.get('location')).toBe('/oops?from=x&error=oauth_provider_not_found');
        expect(response.setCookies.has('latchkey.session_token')).toBe(false);
      });
      // The state is used up, as better-auth's is: the flow cannot be finished anywhere afterwards.
      expect(await stateRow(h(), flow.state)).toBeUndefined();
      const late = await client.get(callbackPath({ code, state: flow.state }));
      expect(locationOf(late).query).toEqual({ error: 'please_restart_the_process' });
    });

    it('still sends the state of another browser to restart at the callback of a provider that is not configured, and keeps it', async () => {
      const flow = await startFlow(h().client(), { provider: 'github', errorCallbackURL: '/oops' });
      const response = await h()
        .client()
        .get(callbackPath({ code: 'abc', state: flow.state }, 'gitlab'));
      expect(locationOf(response).url.href).toBe(
        'http://localhost:3000/api/auth/error?error=please_restart_the_process',
      );
      expect(await stateRow(h(), flow.state)).toBeDefined();
    });

    it('sends a callback without a code to errorCallbackURL with no_code, and uses the state up', async () => {
      const client = h().client();
      const flow = await startFlow(client, {
        provider: 'github',
        callbackURL: '/ok',
        errorCallbackURL: '/failed?from=github',
      });
      const response = await client.get(callbackPath({ state: flow.state }));
      expect(response.headers.get('location')).toBe('/failed?from=github&error=no_code');
      expect(await stateRow(h(), flow.state)).toBeUndefined();
    });

    it("passes the provider's own error and description on, to callbackURL when no errorCallbackURL was given", async () => {
      const client = h().client();
      const flow = await startFlow(client, { provider: 'github', callbackURL: 'http://localhost:3000/app' });
      const response = await client.get(
        callbackPath({
          state: flow.state,
          error: 'access_denied',
          error_description: 'The user has denied your application access.',
        }),
      );
      const { url, query } = locationOf(response);
      expect(url.origin + url.pathname).toBe('http://localhost:3000/app');
      expect(query).toEqual({
        error: 'access_denied',
        error_description: 'The user has denied your application access.',
      });
    });

    it('answers invalid_code when the provider refuses the code, and logs neither the client secret nor the code', async () => {
      const client = h().client();
      const flow = await startFlow(client, { provider: 'github', errorCallbackURL: '/err' });
      const code = emulator.issueCode(githubIdentity(uniqueEmail('badcode')), flow.url);
      emulator.refusedCodes.add(code);
      logged.length = 0;
      await expectNothingChanged(h(), async () => {
        const response = await client.get(callbackPath({ code, state: flow.state }));
        expect(response.headers.get('location')).toBe('/err?error=invalid_code');
      });
      expect(logged.join('\n')).toContain('refused the authorization code');
      expect(logged.join('\n')).not.toContain('gh-client-secret');
      expect(logged.join('\n')).not.toContain(code);
    });

    it('answers invalid_code for a code redeemed with another verifier (PKCE)', async () => {
      const client = h().client();
      const flow = await startFlow(client, { provider: 'github', errorCallbackURL: '/err' });
      const other = await startFlow(client, { provider: 'github' });
      // Issued for the other flow's challenge, brought back with this flow's state (and verifier).
      const code = emulator.issueCode(githubIdentity(uniqueEmail('pkce')), other.url);
      const response = await client.get(callbackPath({ code, state: flow.state }));
      expect(response.headers.get('location')).toBe('/err?error=invalid_code');
    });

    it('answers unable_to_get_user_info when the provider will not say who the user is', async () => {
      const client = h().client();
      const identity = githubIdentity(uniqueEmail('noinfo'));
      const flow = await startFlow(client, { provider: 'github', errorCallbackURL: '/err' });
      const code = emulator.issueCode(identity, flow.url);
      const users = await countRows(h(), 'user');
      emulator.userInfoDown = true;
      try {
        const response = await client.get(callbackPath({ code, state: flow.state }));
        expect(response.headers.get('location')).toBe('/err?error=unable_to_get_user_info');
      } finally {
        emulator.userInfoDown = false;
      }
      expect(await countRows(h(), 'user')).toBe(users);
    });

    it('answers email_not_found for an identity without an address, or with one Latchkey refuses, and creates nobody', async () => {
      for (const identity of [githubIdentity(null), githubIdentity('not an address')]) {
        await expectNothingChanged(h(), async () => {
          const response = await signInWith(emulator, h().client(), identity, { errorCallbackURL: '/err' });
          expect(response.headers.get('location')).toBe('/err?error=email_not_found');
        });
      }
    });

    it('sends a malformed callback to the error page with invalid_callback_request', async () => {
      const response = await h()
        .client()
        .get(callbackPath({ code: 'x'.repeat(5000), state: 'whatever' }));
      expect(locationOf(response).url.href).toBe('http://localhost:3000/api/auth/error?error=invalid_callback_request');
    });
  },
  { socialProviders: [github, mirror], logger },
);
