/**
 * @module A real OpenID Provider for the tests: oidc-provider 9 on a loopback port, with the clients
 * and accounts a test gives it, PKCE required (unless told otherwise), refresh tokens for every
 * client allowed the grant, and its own small interaction pages instead of the development ones,
 * so the browser's part of a sign-in can be played with plain HTTP requests (`authorize`) or by a
 * real browser (Playwright).
 *
 * ```ts
 * const op = await startOpenIDProvider({
 *   clients: [{ client_id: 'app', client_secret: 'secret', redirect_uris: ['http://localhost:3000/api/auth/callback/oidc'] }],
 *   accounts: [{ sub: 'alice', email: 'alice@example.com', email_verified: true, name: 'Alice' }],
 * });
 * const { code, state } = await op.authorize(authorizationURL, { account: 'alice' });
 * ```
 *
 * The interaction page (`/interaction/{uid}`) signs in the account named by its `account` query
 * parameter and grants every scope and claim asked for; without the parameter it shows a one-field
 * form (label "Account", button "Sign in") for a browser to fill. `deny=1` refuses the request, so
 * the client gets `error=access_denied`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';
import { BrowserCookies } from '../../../../test/browser-cookies';

/** Claims as the OP releases them; a test may give any others (Entra ID's `tid`, Apple's `is_private_email`). */
export interface TestAccount {
  sub: string;
  email?: string;
  /** Apple sends the string `"true"`; the OP passes the value through as given. */
  email_verified?: boolean | string;
  name?: string;
  picture?: string;
  [claim: string]: unknown;
}

/** Client metadata (RFC 7591 names). Defaults: `client_secret_post`, `code`, authorization_code + refresh_token. */
export interface TestClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  token_endpoint_auth_method?: string;
  response_types?: string[];
  grant_types?: string[];
  [metadata: string]: unknown;
}

export interface TestOpenIDProviderOptions {
  clients: TestClient[];
  accounts?: TestAccount[];
  /** The issuer's path: Entra ID's issuers are `https://login.microsoftonline.com/{tenant}/v2.0`. */
  issuerPath?: string;
  /**
   * Release the scopes' claims in the id_token as well as at userinfo (default true), as Google,
   * Apple, Entra ID and Twitch do; false keeps them to userinfo, the specification's strict reading.
   */
  claimsInIdToken?: boolean;
  /** Refuse an authorization request without a PKCE challenge (default true; Twitch sends none). */
  requirePKCE?: boolean;
  /** Merged over the configuration below (`ttl`, say). */
  configuration?: Record<string, unknown>;
}

export interface AuthorizationResult {
  /** `query`: the OP redirected to the redirect_uri; `form_post`: it answered the auto-submitting form. */
  responseMode: 'query' | 'form_post';
  /** Where the browser would go next: the redirect_uri with its query, or the form's action. */
  url: URL;
  /** The authorization response: the query, or the form's fields. */
  params: URLSearchParams;
  code: string | null;
  state: string | null;
  error: string | null;
}

export interface TestOpenIDProvider {
  /** `http://127.0.0.1:<port>` + the issuer path */
  issuer: string;
  endpoints: { authorization: string; token: string; userInfo: string; jwks: string };
  provider: Provider;
  setAccount(account: TestAccount): void;
  /** A fresh browser (no OP session) following `url` through sign-in and consent to the client's redirect. */
  authorize(url: URL | string, as: { account: string } | { deny: true }): Promise<AuthorizationResult>;
  /** An id_token signed with the OP's own key; `iss`, `iat` and a 10-minute `exp` unless given. */
  signIdToken(claims: JWTPayload & { aud: string | string[] }): Promise<string>;
  close(): Promise<void>;
}

const SIGNING_ALG = 'RS256';

export async function startOpenIDProvider(options: TestOpenIDProviderOptions): Promise<TestOpenIDProvider> {
  const accounts = new Map((options.accounts ?? []).map((account) => [account.sub, account]));
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const kid = 'test-op-key';
  const signingKey = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG, use: 'sig' };
  const prefix = (options.issuerPath ?? '').replace(/\/$/, '');

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = origin + prefix;

  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      token_endpoint_auth_method: 'client_secret_post',
      response_types: ['code'],
      grant_types: ['authorization_code', 'refresh_token'],
      ...client,
    })),
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      return account && { accountId: sub, claims: () => ({ ...account, sub }) };
    },
    claims: {
      openid: ['sub', 'tid', 'oid', 'hd', 'verified_primary_email', 'verified_secondary_email'],
      email: ['email', 'email_verified', 'is_private_email'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username', 'picture'],
    },
    conformIdTokenClaims: !(options.claimsInIdToken ?? true),
    features: { devInteractions: { enabled: false }, claimsParameter: { enabled: true } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${prefix}/interaction/${interaction.uid}` },
    pkce: { required: () => options.requirePKCE ?? true },
    // Google issues refresh tokens on `access_type=offline`, not on `offline_access`: any client allowed the grant gets one.
    issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(grant: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    jwks: { keys: [signingKey] },
    cookies: { keys: ['latchkey-test-op-cookies'] },
    // Seconds; given so that oidc-provider does not warn about its defaults.
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      RefreshToken: 86_400,
      Interaction: 600,
      Session: 86_400,
      Grant: 86_400,
    },
    ...options.configuration,
  });
  const handleProtocol = provider.callback();

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', origin).pathname;
    if (path.startsWith(`${prefix}/interaction/`)) {
      interact(provider, req, res, accounts).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
      return;
    }
    if (prefix) {
      if (!path.startsWith(`${prefix}/`)) return void res.writeHead(404).end();
      // oidc-provider finds its mount path from `originalUrl`, as under Express.
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
      req.url = (req.url ?? '/').slice(prefix.length);
    }
    handleProtocol(req, res);
  });

  return {
    issuer,
    endpoints: {
      authorization: `${issuer}/auth`,
      token: `${issuer}/token`,
      userInfo: `${issuer}/me`,
      jwks: `${issuer}/jwks`,
    },
    provider,
    setAccount: (account) => void accounts.set(account.sub, account),
    authorize: (url, as) => playBrowser(new URL(url), origin, as),
    async signIdToken(claims) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: issuer, iat: now, exp: now + 600, ...claims })
        .setProtectedHeader({ alg: SIGNING_ALG, kid, typ: 'JWT' })
        .sign(privateKey);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The OP's login and consent pages: sign in the named account, grant everything asked for. */
async function interact(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  accounts: Map<string, TestAccount>,
): Promise<void> {
  const query = new URL(req.url ?? '/', 'http://op').searchParams;
  const details = await provider.interactionDetails(req, res);
  if (query.get('deny') === '1') {
    return provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'the user refused' },
      { mergeWithLastSubmission: false },
    );
  }
  if (details.prompt.name === 'login') {
    const account = query.get('account');
    if (account === null || !accounts.has(account)) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Sign in</title><form method="get">${account === null ? '' : '<p role="alert">Unknown account</p>'}
<label>Account <input name="account" autofocus></label><button type="submit">Sign in</button></form>`);
      return;
    }
    return provider.interactionFinished(
      req,
      res,
      { login: { accountId: account } },
      { mergeWithLastSubmission: false },
    );
  }
  const accountId = details.session?.accountId;
  if (accountId === undefined) throw new Error('consent without a signed-in account');
  const grant =
    (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
    new provider.Grant({ accountId, clientId: details.params.client_id });
  const missing = details.prompt.details;
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
    grant.addResourceScope(indicator, scopes.join(' '));
  return provider.interactionFinished(
    req,
    res,
    { consent: { grantId: await grant.save() } },
    { mergeWithLastSubmission: true },
  );
}

/** Follows the OP's redirects with a cookie jar of its own until the OP hands the browser back to the client. */
async function playBrowser(
  start: URL,
  origin: string,
  as: { account: string } | { deny: true },
): Promise<AuthorizationResult> {
  const jar = new BrowserCookies(`${origin}/`);
  let next = start;
  for (let hop = 0; hop < 10; hop++) {
    if (next.origin !== origin) return resultOf('query', next, next.searchParams);
    if (next.pathname.includes('/interaction/')) {
      if ('deny' in as) next.searchParams.set('deny', '1');
      else next.searchParams.set('account', as.account);
    }
    const response = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header(next) } });
    jar.keep(response, next);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      next = new URL(location, next);
      continue;
    }
    const body = await response.text();
    const action = /<form method="post" action="([^"]*)"/.exec(body)?.[1];
    if (action !== undefined) {
      const fields = new URLSearchParams();
      for (const [, name = '', value = ''] of body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g))
        fields.append(name, unescapeHTML(value));
      return resultOf('form_post', new URL(unescapeHTML(action)), fields);
    }
    throw new Error(`the OpenID Provider answered ${response.status} at ${next.pathname}: ${body.slice(0, 500)}`);
  }
  throw new Error('the OpenID Provider redirected too many times');
}

function resultOf(
  responseMode: AuthorizationResult['responseMode'],
  url: URL,
  params: URLSearchParams,
): AuthorizationResult {
  return {
    responseMode,
    url,
    params,
    code: params.get('code'),
    state: params.get('state'),
    error: params.get('error'),
  };
}

function unescapeHTML(text: string): string {
  const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity);
}
