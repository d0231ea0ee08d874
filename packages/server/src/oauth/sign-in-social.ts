/**
 * @module POST /sign-in/social. Without `idToken`: a state bound to this browser and the provider's
 * authorization URL → `{url, redirect}`; the callback (oauth-callback.ts) finishes the flow, and
 * resumes a plugin's continuation of the sign-in kept with the state.
 * With `idToken` (a token the client obtained from the provider itself): the token is checked by
 * the provider (signature against its keys, issuer, audience, expiry, nonce), then the same
 * sign-in, link or sign-up decision as the callback → `{redirect: false, token, user}` and the
 * session cookies. A sign-in route: the Origin is checked even without cookies, and it is
 * throttled like the password sign-ins.
 */
import { z } from 'zod';
import type { User } from '../db/records';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { AuthError, ERRORS } from '../endpoint/errors';
import { apiErrorOf } from './callback-errors';
import { completeSocialSignIn } from './complete-social-sign-in';
import { identityFromIdToken } from './provider-identity';
import { resolveSocialUser } from './resolve-social-user';
import { namedRequestLanguage, requestLanguage } from '../i18n/request-language';
import { startAuthorization } from './start-authorization';
import { redirectUrl, scopesField } from '../validation/fields';
import { emitSocialSignInFailure } from './social-events';
import { providerRedirectResponse, signInResponse } from '../endpoint/responses';
import { resumableContinuationOf } from '../sign-in/call-continuation';

const TOKEN_MAX = 16 * 1024;

/** The id_token sign-in's answer; a held sign-in's is typed as this, as password sign-in's is. */
interface SignInAnswer {
  redirect: false;
  token: string;
  url: undefined;
  user: User;
}
const providerField = z.string().min(1).max(64);

const body = z.object({
  provider: providerField,
  callbackURL: redirectUrl(ERRORS.invalidCallbackURL).optional(),
  errorCallbackURL: redirectUrl(ERRORS.invalidErrorCallbackURL).optional(),
  newUserCallbackURL: redirectUrl(ERRORS.invalidNewUserCallbackURL).optional(),
  disableRedirect: z.boolean().optional(),
  idToken: z
    .object({
      token: z.string().min(1).max(TOKEN_MAX),
      nonce: z.string().max(512).optional(),
      accessToken: z.string().max(TOKEN_MAX).optional(),
      refreshToken: z.string().max(TOKEN_MAX).optional(),
      /** Epoch milliseconds. */
      expiresAt: z.number().int().positive().max(8.64e15).optional(),
    })
    .optional(),
  scopes: scopesField.optional(),
  requestSignUp: z.boolean().optional(),
  loginHint: z.string().max(512).optional(),
});

export const signInSocial = defineEndpoint({
  id: 'signInSocial',
  method: 'POST',
  path: '/sign-in/social',
  summary: 'Sign in with a social provider',
  errors: [ERRORS.providerNotFound],
  response: z.union([providerRedirectResponse, signInResponse]),
  body,
  rateLimit: 'strict',
  checkOriginWithoutCookies: true,
  async handler(ctx) {
    const { auth, body } = ctx;
    const provider = auth.options.socialProviders.get(body.provider);
    if (!provider) throw new AuthError(ERRORS.providerNotFound);

    if (body.idToken) {
      try {
        const identity = await identityFromIdToken(auth, provider, body.idToken);
        const resolved = await resolveSocialUser(auth, identity, {
          requestSignUp: body.requestSignUp === true,
          callbackURL: body.callbackURL,
          language: requestLanguage(ctx.headers),
          newUserLanguage: namedRequestLanguage(ctx.headers),
        });
        if (!resolved.ok) throw new AuthError(apiErrorOf(resolved.error));
        const signedIn = await completeSocialSignIn(ctx, resolved.value, {
          providerId: provider.id,
          callbackURL: body.callbackURL,
        });
        if (!signedIn.ok) throw new AuthError(apiErrorOf(signedIn.error));
        const outcome = signedIn.value;
        // Held for the second step: better-auth's answer, as a password sign-in's (typed alike).
        if (outcome.status === 'second-step') return outcome.answer as unknown as SignInAnswer;
        const { token, user } = outcome.current;
        return { redirect: false, token, url: undefined, user } satisfies SignInAnswer;
      } catch (error) {
        emitSocialSignInFailure(ctx, provider.id, error);
        throw error;
      }
    }

    const url = await startAuthorization(ctx, provider, {
      callbackURL: body.callbackURL,
      errorURL: body.errorCallbackURL,
      newUserURL: body.newUserCallbackURL,
      requestSignUp: body.requestSignUp,
      scopes: body.scopes,
      loginHint: body.loginHint,
      // A plugin's continuation of this sign-in (the oauth-provider's authorization) outlives the
      // round trip with the state, never through the browser.
      continuation: resumableContinuationOf(ctx.cookies),
      language: namedRequestLanguage(ctx.headers),
    });
    return { url, redirect: body.disableRedirect !== true };
  },
});
