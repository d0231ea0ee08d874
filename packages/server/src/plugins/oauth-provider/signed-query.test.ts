/**
 * The signed `oauth_query` against better-auth's own signature (`makeSignature` from
 * `better-auth/crypto`, with its canonical order and its `exp` check re-stated from
 * `verifyOAuthQueryParams`): a query we sign verifies there and one signed there verifies here, so
 * better-auth's `oauthProviderClient()` and its pages carry ours unchanged.
 */
import { makeSignature } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import type { PluginHost } from '../../plugin';
import { signAuthorizationQuery, verifySignedQuery } from './signed-query';

const SECRET = 'a-secret-of-the-auth-a-secret-of-the-auth';
let now = Date.UTC(2026, 0, 1, 12);
const host = { options: { secret: SECRET }, now: () => new Date(now) } as unknown as PluginHost;

/** better-auth's canonicalizeOAuthQueryParams. */
function canonical(params: URLSearchParams): string {
  const entries = [...params.entries()].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return new URLSearchParams(entries).toString();
}

/** better-auth's verifyOAuthQueryParams, at our clock. */
async function verifiesInBetterAuth(query: string): Promise<boolean> {
  const params = new URLSearchParams(query);
  const sig = params.get('sig');
  params.delete('sig');
  return sig === (await makeSignature(canonical(params), SECRET)) && Number(params.get('exp')) * 1000 >= now;
}

const request = new URLSearchParams({
  response_type: 'code',
  client_id: 'client-1',
  redirect_uri: 'https://rp.example.com/cb?x=1&y=2',
  scope: 'openid profile',
  state: 'é ü +/=',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
});

describe('signed oauth_query', () => {
  it('signs as better-auth verifies, and verifies what better-auth signs', async () => {
    const signed = signAuthorizationQuery(host, request, 600);
    expect(await verifiesInBetterAuth(signed)).toBe(true);
    const params = new URLSearchParams(signed);
    expect(params.getAll('ba_param')).toEqual([...new Set([...params.keys()].filter((key) => key !== 'sig'))].sort());

    // better-auth's signParams, by hand.
    const theirs = new URLSearchParams(request);
    theirs.set('exp', String(Math.floor(now / 1000) + 600));
    theirs.set('ba_iat', String(now));
    for (const name of [...new Set([...theirs.keys(), 'ba_param'])].sort()) theirs.append('ba_param', name);
    theirs.set('sig', await makeSignature(canonical(theirs), SECRET));
    const verified = verifySignedQuery(host, theirs.toString());
    expect(verified && Object.fromEntries(verified.request)).toEqual(Object.fromEntries(request));
    expect(verified?.issuedAt?.getTime()).toBe(now);
  });

  it('refuses a changed value, a second signature, another secret and an expired link', () => {
    const signed = signAuthorizationQuery(host, request, 600);
    const changed = new URLSearchParams(signed);
    changed.set('scope', 'openid profile email');
    expect(verifySignedQuery(host, changed.toString())).toBeNull();
    expect(verifySignedQuery(host, `${signed}&sig=x`)).toBeNull();
    const other = { options: { secret: `${SECRET}!` }, now: host.now } as unknown as PluginHost;
    expect(verifySignedQuery(other, signed)).toBeNull();
    now += 600_000;
    expect(verifySignedQuery(host, signed)).not.toBeNull();
    now += 1_000;
    expect(verifySignedQuery(host, signed)).toBeNull();
  });
});
