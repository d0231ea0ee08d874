/**
 * @module The doctor's social sign-in checks, one line per configured provider, built as the server
 * builds them. An OpenID Connect provider publishes what sign-in needs before any user comes: its
 * discovery document (read by the engine, as sign-in would) and its signing keys, fetched here. An
 * OAuth 2.0 provider's token and profile endpoints answer only with a user's code, so for those the
 * authorization endpoint, where sign-in sends the browser, is asked whether it answers at all.
 */
import { DEFAULTS, type OAuthProvider } from '@latchkey/server';
import type { ServerConfig } from '../../config';
import { buildSocialProviders } from '../../social-providers';
import { CHECK_TIMEOUT_MS, describeError, fail, ok, withTimeout, type CheckResult } from './check';

export async function checkSocialProviders(
  config: Pick<ServerConfig, 'socialProviders' | 'baseURL'>,
): Promise<CheckResult[]> {
  const providers = buildSocialProviders(config.socialProviders);
  return Promise.all(
    providers.map((provider) => {
      const issuer = config.socialProviders.find((p) => p.id === provider.id && p.type === 'oidc');
      const fix = issuer
        ? 'check OIDC_ISSUER: its /.well-known/openid-configuration must be reachable from this host'
        : 'check that this host can reach the provider (DNS, firewall, outbound proxy)';
      return checkProvider(provider, config.baseURL, fix);
    }),
  );
}

async function checkProvider(provider: OAuthProvider, baseURL: string, fix: string): Promise<CheckResult> {
  const subject = `sign-in with ${provider.name}`;
  if (provider.signingKeysURL) {
    let url: string | undefined;
    try {
      url = await withTimeout(provider.signingKeysURL());
      const count = await withTimeout(countSigningKeys(url));
      return ok(subject, `signing keys at ${url} answer (${count} ${count === 1 ? 'key' : 'keys'})`);
    } catch (error) {
      const what = url ? `the signing keys at ${url}` : 'the discovery document';
      return fail(subject, `${what} cannot be read: ${describeError(error)}`, fix);
    }
  }
  let endpoint: string | undefined;
  try {
    endpoint = await authorizationEndpoint(provider, baseURL);
    const response = await fetch(endpoint, { redirect: 'manual', signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    await response.body?.cancel();
    // Without a client's parameters a 4xx is the expected answer; only the provider's own failure counts.
    if (response.status >= 500) {
      return fail(subject, `the authorization endpoint ${endpoint} answers HTTP ${response.status}`, fix);
    }
    return ok(
      subject,
      `the authorization endpoint ${endpoint} answers (its token and profile endpoints need a user's sign-in to check)`,
    );
  } catch (error) {
    const what = endpoint
      ? `the authorization endpoint ${endpoint} cannot be reached`
      : 'its authorization URL cannot be built';
    return fail(subject, `${what}: ${describeError(error)}`, fix);
  }
}

async function countSigningKeys(url: string): Promise<number> {
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`HTTP ${response.status}`);
  }
  const body = (await response.json().catch(() => null)) as { keys?: unknown } | null;
  if (!Array.isArray(body?.keys) || body.keys.length === 0) throw new Error('the answer holds no keys');
  return body.keys.length;
}

/** Where sign-in sends the browser, without the query: building it reaches no network for OAuth 2.0. */
async function authorizationEndpoint(provider: OAuthProvider, baseURL: string): Promise<string> {
  const url = await provider.createAuthorizationURL({
    state: 'doctor',
    codeVerifier: '0'.repeat(128),
    scopes: [],
    redirectURI: `${baseURL}${DEFAULTS.basePath}/callback/${provider.id}`,
  });
  return `${url.origin}${url.pathname}`;
}
