/**
 * The authorization-code flow believes the token response's id_token only when the provider's keys
 * (its JWKS) signed it. A real OpenID Provider (oidc-provider on loopback) issues the tokens; a relay
 * in front of its token endpoint passes them on as they are, or re-signs the id_token, claims
 * unchanged (the nonce, issuer, audience and times all right), with a key of its own under the OP's
 * key id: a token endpoint that is not the provider's. That sign-in fails as a bad code does
 * (`error=invalid_code`, as better-auth answers any failure of the code exchange) and leaves no user,
 * account or session behind.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { afterAll, expect, it } from 'vitest';
import { oidc } from '../../src/oauth/providers/oidc';
import { describeEachDialect, uniqueEmail, type Harness } from '../support/harness';
import { startOpenIDProvider } from '../support/oidc-provider';
import { countRows, expectNothingChanged } from '../support/rows';
import { callbackPath, locationOf, startFlow } from './support/github-flow';

const REDIRECT = 'http://localhost:3000/api/auth/callback/relayed';

const op = await startOpenIDProvider({
  clients: [{ client_id: 'latchkey', client_secret: 'op-secret', redirect_uris: [REDIRECT] }],
});
const { privateKey: foreignKey } = await generateKeyPair('RS256');

/** How the relay treats the next token responses. */
let forge = false;
const relay: Server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    void (async () => {
      const headers = Object.fromEntries(
        ['content-type', 'authorization', 'accept', 'dpop'].flatMap((name) => {
          const value = req.headers[name];
          return typeof value === 'string' ? [[name, value]] : [];
        }),
      );
      const upstream = await fetch(op.endpoints.token, { method: 'POST', headers, body: Buffer.concat(chunks) });
      const json = (await upstream.json()) as Record<string, unknown>;
      if (forge && typeof json.id_token === 'string') json.id_token = await resign(json.id_token);
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    })().catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
});
await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
const relayURL = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/token`;

afterAll(async () => {
  await new Promise((resolve) => relay.close(resolve));
  await op.close();
});

/** The same header and claims, signed with a key the OP never published. */
async function resign(token: string): Promise<string> {
  const header = decodeProtectedHeader(token);
  return new SignJWT(decodeJwt(token)).setProtectedHeader({ ...header, alg: 'RS256' }).sign(foreignKey);
}

const provider = oidc({
  id: 'relayed',
  issuer: op.issuer,
  clientId: 'latchkey',
  clientSecret: 'op-secret',
  endpoints: { token: relayURL },
});

function newAccount() {
  const sub = `relayed-${Math.random().toString(36).slice(2, 10)}`;
  const email = uniqueEmail('relayed');
  op.setAccount({ sub, email, email_verified: true, name: 'Relayed Person' });
  return { sub, email };
}

async function callback(h: Harness, sub: string) {
  const client = h.client();
  const flow = await startFlow(client, { provider: 'relayed', callbackURL: '/app', errorCallbackURL: '/error' });
  const { code, state } = await op.authorize(flow.url, { account: sub });
  const response = await client.get(callbackPath({ code: code!, state: state! }, 'relayed'));
  return { client, response };
}

describeEachDialect(
  "code flow: the token response's id_token signature",
  (h) => {
    it("signs in through the relay while it passes the OP's own id_token on", async () => {
      forge = false;
      const { sub, email } = newAccount();
      const { client, response } = await callback(h(), sub);
      expect([response.status, response.headers.get('location')]).toEqual([302, '/app']);
      expect((await client.get('/get-session')).body.user.email).toBe(email);
    });

    it('refuses an id_token signed with a key not in the JWKS: error=invalid_code, no user, account or session', async () => {
      forge = true;
      try {
        const { sub, email } = newAccount();
        const accounts = await countRows(h(), 'account');
        await expectNothingChanged(h(), async () => {
          const { client, response } = await callback(h(), sub);
          expect(response.status).toBe(302);
          expect(locationOf(response).url.pathname).toBe('/error');
          expect(locationOf(response).query).toEqual({ error: 'invalid_code' });
          expect(response.setCookies.has('latchkey.session_token')).toBe(false);
          expect((await client.get('/get-session')).body).toBeNull();
        });
        expect(await countRows(h(), 'account')).toBe(accounts);
        const user = await h()
          .auth.context.db.selectFrom('user')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirst();
        expect(user).toBeUndefined();
      } finally {
        forge = false;
      }
    });
  },
  { socialProviders: [provider] },
);
