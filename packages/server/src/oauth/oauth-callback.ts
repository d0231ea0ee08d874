/**
 * @module GET and POST /callback/{providerId}: where the provider sends the browser back. The
 * state must be one this browser started for this provider (oauth/oauth-state.ts); then the code
 * is exchanged, the profile read, and the identity signs in, signs up or is linked. The browser
 * always leaves with a redirect: to where a plugin's continuation of the sign-in goes (kept with the
 * state: the oauth-provider's authorization), else to callbackURL (newUserCallbackURL for a new user), or with
 * `?error=` (SPEC §8) to errorCallbackURL, else callbackURL; a state that cannot be trusted sends
 * it to the error page (SPEC §5). Every target passed the trusted-origin check when the flow
 * started and passes it again here.
 *
 * POST is Apple's `response_mode=form_post`: a form the provider's page posts to us, cross-site.
 * The origin check must let it through (its Origin is the provider's); that is safe because what
 * it could forge is refused by the state: unknown, used or expired states, and any state not
 * started by the very browser that posts (its binding cookie must match), so another site can
 * neither finish someone's flow nor make a browser finish the site's own. Over plain http the
 * binding cookie is Lax and does not come with the POST: the answer is then a 303 to the GET form
 * of the same callback, a top-level same-site navigation that carries it.
 */
import { z } from 'zod';
import type { AuthContext } from '../auth/context';
import { defineEndpoint, type EndpointContext } from '../endpoint/define-endpoint';
import { AuthError } from '../endpoint/errors';
import { locationOf, redirect } from '../http/redirect';
import { isSafeRedirect } from '../http/redirect-url';
import { isServerLanguage, requestLanguage } from '../i18n/request-language';
import { CALLBACK_ERRORS } from './callback-errors';
import { completeSocialSignIn } from './complete-social-sign-in';
import { linkIdentity } from './link-identity';
import { consumeOAuthState } from './oauth-state';
import { identityFromCode } from './provider-identity';
import { resolveSocialUser } from './resolve-social-user';
import { callbackURIOf } from './start-authorization';
import { readBrowserBinding } from './state-cookie';
import { emitSocialLink, emitSocialSignInFailure } from './social-events';
import { secondStepQuery } from '../sign-in/finish-sign-in';
import { resumeSignInContinuation } from '../plugin/run-hooks';
import type { CurrentSession } from '../session/current-session';

/** Anything is taken in, so that a malformed callback still lands on a page (`invalid_callback_request`). */
const anyFields = z.record(z.string(), z.unknown());

const callbackFields = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
  device_id: z.string().max(512).optional(),
  user: z.string().max(8192).optional(),
});

type CallbackFields = z.infer<typeof callbackFields>;
type CallbackContext = EndpointContext<unknown, unknown, 'none'>;

function errorPageOf(auth: AuthContext): string {
  return `${auth.options.baseURL}${auth.options.basePath}/error`;
}

/** A stored target is re-checked: the trusted origins may have changed since the flow started. */
function goTo(auth: AuthContext, target: string, params?: Record<string, string>): Response {
  const safe = isSafeRedirect(auth.options, target) ? target : errorPageOf(auth);
  return redirect(locationOf(safe, auth.options.baseOrigin, params));
}

function failTo(auth: AuthContext, target: string, error: string, description?: string): Response {
  return goTo(auth, target, description ? { error, error_description: description } : { error });
}

/**
 * The sign-in's continuation a plugin gave the flow's start (`PluginHooks.signInContinuation`),
 * run now that the session exists: its redirect is where the browser goes, instead of callbackURL.
 * Null when no plugin takes it back (disabled since the flow started) or it answers no redirect.
 */
async function resumeContinuation(
  ctx: CallbackContext,
  resumable: string,
  current: CurrentSession,
): Promise<Response | null> {
  const request = { headers: ctx.headers, clientIp: ctx.clientIp };
  const continuation = await resumeSignInContinuation(ctx.auth, resumable, request);
  if (!continuation) return null;
  const answer = await continuation(current);
  if (answer instanceof Response) return answer;
  // The plugin's own target (a relying party's registered redirect URI, its consent page), not one
  // the browser chose: the callback-URL check is not the rule for it.
  return isRedirectAnswer(answer) ? redirect(answer.url) : null;
}

function isRedirectAnswer(answer: unknown): answer is { redirect: true; url: string } {
  if (typeof answer !== 'object' || answer === null) return false;
  const { redirect, url } = answer as { redirect?: unknown; url?: unknown };
  return redirect === true && typeof url === 'string';
}

async function finishCallback(ctx: CallbackContext, providerId: string, fields: CallbackFields): Promise<Response> {
  const { auth } = ctx;
  const errorPage = errorPageOf(auth);
  if (!fields.state) return failTo(auth, errorPage, CALLBACK_ERRORS.stateNotFound);
  const provider = auth.options.socialProviders.get(providerId);
  // A state is bound to the provider it was started for, so that another provider's callback
  // cannot finish it; at the callback of a provider that is not configured (removed since the flow
  // started, or a mistyped id) nothing can be finished, and a state of this browser is taken so
  // that the answer names the real fault, as better-auth's does, instead of "restart the process".
  const record = await consumeOAuthState(ctx, fields.state, provider ? providerId : null);
  if (!record) return failTo(auth, errorPage, CALLBACK_ERRORS.restartTheProcess);

  const onError = record.errorURL ?? record.callbackURL;
  // The provider's own refusal (`access_denied`, …), passed on as it named it.
  if (fields.error) return failTo(auth, onError, fields.error, fields.error_description);
  if (!fields.code) return failTo(auth, onError, CALLBACK_ERRORS.noCode);
  if (!provider) return failTo(auth, onError, CALLBACK_ERRORS.providerNotFound);

  const identity = await identityFromCode(auth, provider, {
    code: fields.code,
    codeVerifier: record.codeVerifier,
    nonce: record.nonce,
    redirectURI: callbackURIOf(auth, provider),
    deviceId: fields.device_id,
    user: fields.user,
  });
  if (!identity.ok) return failTo(auth, onError, identity.error);

  if (record.link) {
    const linked = await linkIdentity(auth, identity.value, record.link);
    emitSocialLink(ctx, providerId, record.link.userId, linked.ok ? undefined : linked.error);
    return linked.ok ? goTo(auth, record.callbackURL) : failTo(auth, onError, linked.error);
  }

  try {
    const resolved = await resolveSocialUser(auth, identity.value, {
      requestSignUp: record.requestSignUp === true,
      callbackURL: record.callbackURL,
      language: record.language ?? requestLanguage(ctx.headers),
      newUserLanguage: isServerLanguage(record.language) ? record.language : null,
    });
    if (!resolved.ok) {
      emitSocialSignInFailure(ctx, providerId, resolved.error);
      return failTo(auth, onError, resolved.error);
    }
    const signedIn = await completeSocialSignIn(ctx, resolved.value, { providerId, callbackURL: record.callbackURL });
    if (!signedIn.ok) {
      emitSocialSignInFailure(ctx, providerId, signedIn.error);
      return failTo(auth, onError, signedIn.error);
    }
    // Held for the second step: not signed in yet, so to where the application handles sign-in's
    // outcomes (its error target: typically its sign-in page), told so as better-auth's JSON
    // sign-ins tell it (`twoFactorRedirect`), the offered methods beside.
    if (signedIn.value.status === 'second-step') return goTo(auth, onError, secondStepQuery(signedIn.value.answer));
    const resumed = record.continuation
      ? await resumeContinuation(ctx, record.continuation, signedIn.value.current)
      : null;
    if (resumed) return resumed;
    return goTo(auth, resolved.value.isNew ? (record.newUserURL ?? record.callbackURL) : record.callbackURL);
  } catch (error) {
    // A plugin's refusal (a ban: BANNED_USER) or the account's lock (TOO_MANY_REQUESTS), by its code.
    if (error instanceof AuthError) {
      emitSocialSignInFailure(ctx, providerId, error);
      return failTo(auth, onError, error.code, error.message);
    }
    throw error;
  }
}

function parseFields(auth: AuthContext, input: unknown): CallbackFields | Response {
  const parsed = callbackFields.safeParse(input ?? {});
  return parsed.success ? parsed.data : failTo(auth, errorPageOf(auth), CALLBACK_ERRORS.invalidCallbackRequest);
}

export const callbackOAuth = defineEndpoint({
  id: 'callbackOAuth',
  method: 'GET',
  path: '/callback/:providerId',
  summary: 'Finish a social sign-in (provider redirect)',
  response: 'redirect',
  query: anyFields,
  async handler(ctx) {
    const fields = parseFields(ctx.auth, ctx.query);
    return fields instanceof Response ? fields : finishCallback(ctx, ctx.params.providerId ?? '', fields);
  },
});

export const callbackOAuthFormPost = defineEndpoint({
  id: 'callbackOAuthFormPost',
  method: 'POST',
  path: '/callback/:providerId',
  summary: 'Finish a social sign-in (provider form post)',
  response: 'redirect',
  body: anyFields,
  query: anyFields,
  acceptsForm: true,
  crossSiteCallback: true,
  async handler(ctx) {
    const { auth } = ctx;
    // Query fields too, as better-auth reads them: a provider may put some in the URL.
    const fields = parseFields(auth, { ...ctx.body, ...ctx.query });
    if (fields instanceof Response) return fields;
    const providerId = ctx.params.providerId ?? '';
    if (readBrowserBinding(auth, ctx.requestCookies) === null) {
      const query = new URLSearchParams(
        Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      const location = `${auth.options.baseURL}${auth.options.basePath}/callback/${encodeURIComponent(providerId)}?${query}`;
      return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
    }
    return finishCallback(ctx, providerId, fields);
  },
});
