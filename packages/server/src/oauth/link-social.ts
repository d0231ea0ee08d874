/**
 * @module POST /link-social {provider, callbackURL?, errorCallbackURL?, scopes?, disableRedirect?,
 * loginHint?}: starts a provider flow whose callback links the identity to the signed-in user
 * (oauth/link-identity.ts) → `{url, redirect}`. A fresh session is required, as for unlinking:
 * linking adds a way to sign in, which a stolen session cookie must not be able to turn into a
 * lasting one (better-auth asks for any session).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { AuthError, ERRORS } from '../endpoint/errors';
import { startAuthorization } from './start-authorization';
import { redirectUrl, scopesField } from '../validation/fields';
import { providerRedirectResponse } from '../endpoint/responses';

const body = z.object({
  provider: z.string().min(1).max(64),
  callbackURL: redirectUrl(ERRORS.invalidCallbackURL).optional(),
  errorCallbackURL: redirectUrl(ERRORS.invalidErrorCallbackURL).optional(),
  scopes: scopesField.optional(),
  disableRedirect: z.boolean().optional(),
  loginHint: z.string().max(512).optional(),
});

export const linkSocial = defineEndpoint({
  id: 'linkSocial',
  method: 'POST',
  path: '/link-social',
  summary: "Link a social provider's account",
  errors: [ERRORS.providerNotFound],
  response: providerRedirectResponse,
  body,
  session: 'fresh',
  credentialChange: true,
  async handler(ctx) {
    const { auth, body, session } = ctx;
    const provider = auth.options.socialProviders.get(body.provider);
    if (!provider) throw new AuthError(ERRORS.providerNotFound);
    const url = await startAuthorization(ctx, provider, {
      callbackURL: body.callbackURL,
      errorURL: body.errorCallbackURL,
      link: { email: session.user.email, userId: session.user.id },
      scopes: body.scopes,
      loginHint: body.loginHint,
    });
    return { url, redirect: body.disableRedirect !== true };
  },
});
