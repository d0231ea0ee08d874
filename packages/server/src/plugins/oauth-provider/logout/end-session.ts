/**
 * @module RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0), on better-auth's rules: a
 * relying party that may (`enable_end_session`) sends the browser, or its own server, here with the
 * ID token it holds (`id_token_hint`). A verified hint whose `sid` is the browser's session ends it
 * at once; a verified hint reaching us without a browser session (a cross-site form post carries no
 * SameSite=Lax cookie, or the relying party's server calls) ends the session it names. Anything
 * else that would end the browser's session (no hint, a hint for another session) asks the user
 * first: a navigation gets a confirmation page whose form posts back with `confirm=true`, a script
 * gets `invalid_request`. A GET never ends a session without a verified hint (a link or an image
 * on any page could send one), and the confirmation's POST carries the session cookie, so the
 * engine holds it to a trusted Origin (handler/origin-check.ts).
 *
 * After logout the browser goes to `post_logout_redirect_uri` only when it is exactly one the client
 * registered (anything else would make us an open redirector), with `state` on it; otherwise a
 * navigation lands on a signed-out page.
 */
import { decodeJwt, decodeProtectedHeader } from 'jose';
import {
  clearSessionCookies,
  emitEvent,
  readCurrentSession,
  requestLanguage,
  type CurrentSession,
  type JsonAnswer,
  type PluginHost,
  type RequestCookies,
  type RequestHeaders,
  type ResponseCookies,
} from '../../../plugin';
import { answerRedirect, errorPageUrl, type RedirectAnswer } from '../authorization/answer';
import { findClient, type OAuthClient } from '../clients/client';
import { OAuthError, oauthErrorResponse, oauthJson } from '../oauth-error';
import type { ResolvedOAuthProviderOptions } from '../options';
import { stringParam, type OAuthParams } from '../params';
import { verifyOwnJwt } from '../keys/signing-keys';
import { confirmationPage, signedOutPage } from './logout-pages';

export interface EndSessionCall {
  readonly auth: PluginHost;
  readonly options: ResolvedOAuthProviderOptions;
  readonly method: 'GET' | 'POST';
  readonly headers: RequestHeaders;
  readonly clientIp: string | undefined;
  readonly requestCookies: RequestCookies;
  readonly cookies: ResponseCookies;
}

interface VerifiedHint {
  readonly sid: string;
  readonly sub: string;
}

/** Where the user goes after logout: the registered URI with `state`, or nowhere (`refused` if one was asked). */
interface PostLogoutRedirect {
  readonly url: string | null;
  readonly refused: boolean;
}

/** A browser's own navigation (its pages are for it) rather than a script or a server. */
function isNavigation(headers: RequestHeaders): boolean {
  if (headers.get('sec-fetch-mode') === 'navigate') return true;
  const accept = headers.get('accept') ?? '';
  return accept.includes('text/html') && !accept.includes('application/json');
}

async function logoutClient(auth: PluginHost, clientId: string): Promise<OAuthClient> {
  const client = await findClient(auth, clientId);
  if (!client) throw new OAuthError('invalid_client', 'The logout client does not exist');
  if (client.disabled) throw new OAuthError('invalid_client', 'The logout client is disabled');
  // Ending the user's session on a relying party's word is a power the client is granted.
  if (!client.enableEndSession)
    throw new OAuthError('invalid_client', 'The client is not allowed to initiate logout', 401);
  return client;
}

/**
 * The client the hint names, read before its signature is checked: one lookup at most (`aud` when
 * single, else `azp`), so a forged hint with a long audience cannot multiply our reads. The
 * verification then holds the hint to that client.
 */
function hintedClientId(hint: string): string | undefined {
  try {
    const { aud, azp } = decodeJwt(hint);
    if (typeof aud === 'string') return aud;
    if (Array.isArray(aud) && aud.length === 1) return aud[0];
    return typeof azp === 'string' ? azp : undefined;
  } catch {
    return undefined;
  }
}

async function verifyHint(call: EndSessionCall, hint: string, client: OAuthClient): Promise<VerifiedHint> {
  const invalid = new OAuthError('invalid_token', 'The id_token_hint is invalid', 401);
  try {
    // Our ID tokens carry no `typ`; our access and logout tokens do (at+jwt, logout+jwt), and
    // neither may pass for an ID token.
    if (decodeProtectedHeader(hint).typ !== undefined) throw invalid;
    // An expired ID token is still a hint (RP-Initiated Logout §2: the OP SHOULD accept it); the
    // audience must name the client it is presented for.
    const payload = await verifyOwnJwt(call.auth, call.options, hint, {
      audience: client.clientId,
      ignoreExpiry: true,
    });
    if (typeof payload.sid !== 'string' || !payload.sid || typeof payload.sub !== 'string' || !payload.sub)
      throw invalid;
    return { sid: payload.sid, sub: payload.sub };
  } catch {
    throw invalid;
  }
}

function postLogoutRedirect(client: OAuthClient | null, requested: string | undefined, state: string | undefined) {
  if (requested === undefined) return { url: null, refused: false };
  // Exact match only: a changed query or path is another URI (RFC 9700 §2.1).
  if (!client?.postLogoutRedirectUris.includes(requested)) return { url: null, refused: true };
  const url = new URL(requested);
  if (state !== undefined) url.searchParams.set('state', state);
  return { url: url.href, refused: false };
}

async function endSession(
  call: EndSessionCall,
  session: { id: string; userId: string },
  client: OAuthClient | null,
  how: 'id_token_hint' | 'confirmation',
) {
  // The store tells the plugins (this one too): the session's tokens go and relying parties hear of it.
  await call.auth.sessions.deleteById(session.id, session.userId);
  emitEvent(call, 'oauth-logout', {
    userId: session.userId,
    method: how,
    detail: { clientId: client?.clientId ?? null },
  });
}

function done(call: EndSessionCall, redirect: PostLogoutRedirect): RedirectAnswer | Response | JsonAnswer {
  if (redirect.url) return answerRedirect(call.headers, redirect.url);
  // better-auth answers a script's logout with null; a browser lands on a page of ours.
  return isNavigation(call.headers) ? signedOutPage(requestLanguage(call.headers), redirect.refused) : oauthJson(null);
}

function askConfirmation(
  call: EndSessionCall,
  client: OAuthClient | null,
  params: OAuthParams,
  redirect: PostLogoutRedirect,
) {
  if (!isNavigation(call.headers))
    throw new OAuthError('invalid_request', 'User confirmation is required to complete logout');
  const { baseURL, basePath } = call.auth.options;
  return confirmationPage(requestLanguage(call.headers), `${baseURL}${basePath}/oauth2/end-session`, {
    clientId: client?.clientId,
    // Only a verified redirect is carried on; the confirmation checks it again all the same.
    postLogoutRedirectUri: redirect.url ? stringParam(params, 'post_logout_redirect_uri') : undefined,
    state: redirect.url ? stringParam(params, 'state') : undefined,
  });
}

async function hintedSession(auth: PluginHost, hint: VerifiedHint) {
  const sessions = await auth.sessions.listByUser(hint.sub, auth.now());
  return sessions.find((session) => session.id === hint.sid);
}

async function runEndSession(
  call: EndSessionCall,
  params: OAuthParams,
): Promise<RedirectAnswer | Response | JsonAnswer> {
  const idTokenHint = stringParam(params, 'id_token_hint');
  const clientId = stringParam(params, 'client_id');
  const current: CurrentSession | null = await readCurrentSession(call.auth, call.requestCookies, call.cookies, {
    disableCookieCache: true,
    disableRefresh: true,
  });

  let client: OAuthClient | null = null;
  const named = clientId ?? (idTokenHint ? hintedClientId(idTokenHint) : undefined);
  if (named !== undefined) client = await logoutClient(call.auth, named);
  else if (idTokenHint) throw new OAuthError('invalid_client', 'The logout client does not exist');
  // A hint must name the client that is asked for (its `aud`), checked by verifyHint.
  const hint = idTokenHint && client ? await verifyHint(call, idTokenHint, client) : null;
  const redirect = postLogoutRedirect(
    client,
    stringParam(params, 'post_logout_redirect_uri'),
    stringParam(params, 'state'),
  );

  if (hint && (!current || current.session.id === hint.sid)) {
    const session = current ? current.session : await hintedSession(call.auth, hint);
    if (session) await endSession(call, session, client, 'id_token_hint');
    if (current) clearSessionCookies(call.auth, call.cookies);
    return done(call, redirect);
  }
  // Nothing to end: the browser is signed out already.
  if (!current) return done(call, redirect);
  // Only a POST confirms: the engine holds a cookie-carrying POST to a trusted Origin, a GET to nothing.
  if (call.method === 'POST' && stringParam(params, 'confirm') === 'true') {
    await endSession(call, current.session, client, 'confirmation');
    clearSessionCookies(call.auth, call.cookies);
    return done(call, redirect);
  }
  return askConfirmation(call, client, params, redirect);
}

/** The endpoint's answer: a refusal goes to a navigation as the server's error page, to a script as JSON. */
export async function rpInitiatedLogout(
  call: EndSessionCall,
  params: OAuthParams,
): Promise<RedirectAnswer | Response | JsonAnswer> {
  try {
    return await runEndSession(call, params);
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    if (isNavigation(call.headers))
      return answerRedirect(call.headers, errorPageUrl(call.auth, error.error, error.description));
    return oauthErrorResponse(error);
  }
}
