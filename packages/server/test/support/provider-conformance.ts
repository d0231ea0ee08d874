/**
 * @module One conformance suite for the providers tested against an emulator of their servers. A
 * provider's file states its data — its endpoints, what it asks for, what its servers answer, what
 * the user maps to — and keeps its quirks as tests of its own; the steps every OAuth 2.0 provider
 * shares run here once: the authorization URL, the code exchange and how the client authenticates,
 * a refused code, the profile mapping, the refresh grant and the linking default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuthorizationRequest,
  CodeExchange,
  OAuthProvider,
  ProviderProfile,
  ProviderTokens,
} from '../../src/oauth/provider';
import { startProviderEmulator, type ProviderEmulator, type RecordedRequest, type Route } from './provider-emulator';
import { callbackURL, providerTokens, STATE, VERIFIER } from './provider-sign-in';

/** The code the emulated token endpoints accept; any other is refused. */
export const GOOD_CODE = 'good-code';

/** RFC 7636's S256 challenge: 43 characters of base64url. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The token endpoint of most providers: the refresh grant answered with `refreshed`, the good code
 * with `issued`, any other code refused with `refused` (a 400 unless the provider says otherwise).
 */
export function tokenEndpoint(answers: {
  issued: unknown;
  refreshed?: unknown;
  refused: unknown;
  refusedStatus?: number;
}): Route {
  return ({ form }) => {
    if (form.get('grant_type') === 'refresh_token' && answers.refreshed !== undefined) {
      return { json: answers.refreshed };
    }
    return form.get('code') === GOOD_CODE
      ? { json: answers.issued }
      : { status: answers.refusedStatus ?? 400, json: answers.refused };
  };
}

/** Form fields expected beyond the derived ones; an undefined field is expected absent. */
type FormFields = Record<string, unknown>;

export interface ProfileCase<Served> {
  title: string;
  /** What the emulated profile endpoint answers during this case. */
  serves: Served;
  /** The access token `getUserInfo` is given (and sends as a Bearer token). */
  accessToken: string;
  /** The mapped profile (matched whole unless `partial`), or null for no profile. */
  user: ProviderProfile | Partial<ProviderProfile> | null;
  partial?: boolean;
  /** Checks of the profile request beyond its Bearer token. */
  sent?: (request: RecordedRequest, emulator: ProviderEmulator) => void;
}

export interface ProviderConformance<Served> {
  /** The provider's id: the suite's name and the callback URL's last segment. */
  id: string;
  clientId: string;
  clientSecret?: string;
  /** HTTP Basic (RFC 6749 §2.3.1) or the credentials in the token request's body. */
  clientAuth: 'basic' | 'body';
  /** The name of the client id's parameter (TikTok's `client_key`). */
  clientIdParam?: string;
  /** The emulator's routes; `served` is what the current profile case serves. */
  routes: (served: () => Served) => Record<string, Route>;
  build: (emulatorURL: string) => OAuthProvider;
  authorization: {
    title: string;
    /** The authorization endpoint's path at the emulator. */
    path: string;
    /** Scopes asked for beyond the provider's own. */
    scopes: string[];
    /** Parameters beyond response_type, the client id, redirect_uri, state and PKCE's. */
    params: Record<string, string | undefined>;
    pkce: boolean;
    request?: Partial<AuthorizationRequest>;
  };
  exchange: {
    title: string;
    tokenPath: string;
    /** Matched against the tokens (asymmetric matchers welcome). */
    tokens: Record<string, unknown>;
    /** The lifetimes the answer gave, in seconds, checked against the expiry dates. */
    expiresIn?: number;
    refreshExpiresIn?: number;
    form?: FormFields;
    request?: Partial<CodeExchange>;
    sent?: (request: RecordedRequest) => void;
    also?: (tokens: ProviderTokens) => void;
  };
  refusedCode: { title: string; request?: Partial<CodeExchange> };
  profilePath: string;
  /** False where the profile is not read with a Bearer header (VK's form POST). */
  bearerProfile?: boolean;
  profiles: ProfileCase<Served>[];
  refresh?: {
    title: string;
    refreshToken: string;
    tokens: Record<string, unknown>;
    refreshExpiresIn?: number;
  };
  trustedForLinking?: { title: string; trusted: boolean };
  /** The provider's own behaviours, as tests registered inside its suite. */
  quirks?: (context: ConformanceContext<Served>) => void;
}

export interface ConformanceContext<Served> {
  readonly provider: OAuthProvider;
  readonly emulator: ProviderEmulator;
  readonly redirectURI: string;
  /** Sets what the profile endpoint serves from now on. */
  serve(value: Served): void;
}

function basic(clientId: string, clientSecret: string | undefined): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret ?? ''}`).toString('base64')}`;
}

export function describeOAuthProvider<Served>(spec: ProviderConformance<Served>): void {
  const redirectURI = callbackURL(spec.id);
  const clientIdParam = spec.clientIdParam ?? 'client_id';
  let emulator: ProviderEmulator;
  let provider: OAuthProvider;
  let served: Served;
  const context: ConformanceContext<Served> = {
    get provider() {
      return provider;
    },
    get emulator() {
      return emulator;
    },
    redirectURI,
    serve: (value) => {
      served = value;
    },
  };

  /** The client's credentials in a token request: in the body, or nowhere but the Basic header. */
  const credentials: FormFields =
    spec.clientAuth === 'body'
      ? {
          [clientIdParam]: spec.clientId,
          ...(spec.clientSecret === undefined ? {} : { client_secret: spec.clientSecret }),
        }
      : {};

  function expectClientAuthentication(request: RecordedRequest): void {
    expect(request.headers.authorization).toBe(
      spec.clientAuth === 'basic' ? basic(spec.clientId, spec.clientSecret) : undefined,
    );
  }

  function expectLifetime(expiresAt: Date | null, before: number, seconds: number | undefined): void {
    if (seconds !== undefined) expect(expiresAt!.getTime()).toBeGreaterThanOrEqual(before + seconds * 1000);
  }

  const exchange = (request: Partial<CodeExchange>) =>
    provider.validateAuthorizationCode({
      code: GOOD_CODE,
      codeVerifier: VERIFIER,
      redirectURI,
      ...spec.exchange.request,
      ...request,
    });

  describe(spec.id, () => {
    beforeAll(async () => {
      emulator = await startProviderEmulator(spec.routes(() => served));
      provider = spec.build(emulator.url);
    });

    afterAll(() => emulator.close());

    it(spec.authorization.title, async () => {
      const { path, scopes, params, pkce, request } = spec.authorization;
      const url = await provider.createAuthorizationURL({
        state: STATE,
        codeVerifier: VERIFIER,
        scopes,
        redirectURI,
        ...request,
      });
      expect(url.origin + url.pathname).toBe(`${emulator.url}${path}`);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        response_type: 'code',
        [clientIdParam]: spec.clientId,
        redirect_uri: redirectURI,
        state: STATE,
        ...(pkce ? { code_challenge: expect.stringMatching(S256_CHALLENGE), code_challenge_method: 'S256' } : {}),
        ...params,
      });
    });

    it(spec.exchange.title, async () => {
      const before = Date.now();
      const tokens = await exchange({});
      expect(tokens).toMatchObject(spec.exchange.tokens);
      expectLifetime(tokens.accessTokenExpiresAt, before, spec.exchange.expiresIn);
      expectLifetime(tokens.refreshTokenExpiresAt, before, spec.exchange.refreshExpiresIn);
      spec.exchange.also?.(tokens);
      const sent = emulator.to(spec.exchange.tokenPath).at(-1)!;
      expectClientAuthentication(sent);
      expect(Object.fromEntries(sent.form)).toEqual({
        grant_type: 'authorization_code',
        code: GOOD_CODE,
        ...(spec.authorization.pkce ? { code_verifier: VERIFIER } : {}),
        redirect_uri: redirectURI,
        ...credentials,
        ...spec.exchange.form,
      });
      spec.exchange.sent?.(sent);
    });

    it(spec.refusedCode.title, async () => {
      await expect(exchange({ code: 'bad', ...spec.refusedCode.request })).rejects.toThrow();
    });

    for (const profile of spec.profiles) {
      it(profile.title, async () => {
        served = profile.serves;
        const user = await provider.getUserInfo(providerTokens({ accessToken: profile.accessToken }));
        if (profile.user === null) {
          expect(user).toBeNull();
          return;
        }
        if (profile.partial) expect(user).toMatchObject(profile.user);
        else expect(user).toEqual(profile.user);
        const sent = emulator.to(spec.profilePath).at(-1)!;
        if (spec.bearerProfile !== false) expect(sent.headers.authorization).toBe(`Bearer ${profile.accessToken}`);
        profile.sent?.(sent, emulator);
      });
    }

    const { refresh, trustedForLinking } = spec;
    if (refresh) {
      it(refresh.title, async () => {
        const before = Date.now();
        const tokens = await provider.refreshAccessToken!(refresh.refreshToken);
        expect(tokens).toMatchObject(refresh.tokens);
        expectLifetime(tokens.refreshTokenExpiresAt, before, refresh.refreshExpiresIn);
        const sent = emulator.to(spec.exchange.tokenPath).at(-1)!;
        expectClientAuthentication(sent);
        expect(Object.fromEntries(sent.form)).toEqual({
          grant_type: 'refresh_token',
          refresh_token: refresh.refreshToken,
          ...credentials,
        });
      });
    }

    if (trustedForLinking) {
      it(trustedForLinking.title, () => {
        expect(provider.trustedForLinking).toBe(trustedForLinking.trusted);
      });
    }

    spec.quirks?.(context);
  });
}
