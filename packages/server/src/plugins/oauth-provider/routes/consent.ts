/**
 * @module POST /oauth2/consent {accept, scope?, oauth_query}: the consent page's answer. Accepted,
 * the consent is recorded (the scopes the user kept, which must all have been asked for) and the
 * authorization goes on to its code; refused, the client is told `access_denied`. Either way the
 * answer is `{redirect: true, url}`. Refusals of the call itself are better-auth's
 * `{error, error_description}`.
 */
import { z } from 'zod';
import { defineEndpoint, emitEvent } from '../../../plugin';
import { clientErrorUrl, type RedirectAnswer } from '../authorization/answer';
import { authorize, withoutPrompt } from '../authorization/authorize';
import { invalidSignature } from '../authorization/continuation';
import { grantConsent } from '../consents/store';
import { grantReference } from '../organization/claims';
import { scopesOf } from '../json-list';
import { OAuthError, oauthErrorResponse } from '../oauth-error';
import type { ResolvedOAuthProviderOptions } from '../options';
import { verifySignedQuery } from '../signed-query';

const body = z.object({
  accept: z.boolean(),
  scope: z.string().optional(),
  oauth_query: z.string().optional(),
});

export function oauth2Consent(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'oauth2Consent',
    method: 'POST',
    path: '/oauth2/consent',
    summary: 'Answer a consent prompt',
    body,
    session: 'required',
    response: z.object({ redirect: z.literal(true), url: z.string() }),
    async handler(ctx): Promise<RedirectAnswer | Response> {
      const { auth, session } = ctx;
      if (ctx.body.oauth_query === undefined)
        return oauthErrorResponse(new OAuthError('invalid_request', 'missing oauth query'));
      const verified = verifySignedQuery(auth, ctx.body.oauth_query);
      if (!verified) return invalidSignature();
      let params = withoutPrompt(verified.request, 'consent');
      const clientId = params.get('client_id');
      const redirectUri = params.get('redirect_uri');
      if (!clientId || !redirectUri)
        return oauthErrorResponse(new OAuthError('invalid_client', 'client_id is required'));
      const asked = scopesOf(params.get('scope'));
      const kept = ctx.body.scope === undefined ? asked : scopesOf(ctx.body.scope);
      // The page may narrow the grant, never widen it past what the client asked and was checked for.
      if (!kept.every((scope) => asked.includes(scope)))
        return oauthErrorResponse(new OAuthError('invalid_request', 'Scope not originally requested'));
      const event = { userId: session.user.id, actorUserId: session.user.id, detail: { clientId } };
      if (!ctx.body.accept) {
        emitEvent(ctx, 'oauth-consent-denied', event);
        // The URI was checked against the client's before the request was signed.
        const url = clientErrorUrl(
          redirectUri,
          'access_denied',
          'User denied access',
          params.get('state'),
          options.issuer(auth),
        );
        return { redirect: true, url };
      }
      const referenceId = await grantReference(auth, session, kept);
      await grantConsent(auth, { clientId, userId: session.user.id, referenceId }, kept);
      emitEvent(ctx, 'oauth-consent-granted', { ...event, detail: { clientId, scope: kept.join(' ') } });
      params = new URLSearchParams(params);
      params.set('scope', kept.join(' '));
      return {
        redirect: true,
        url: await authorize({ auth, options, headers: ctx.headers, clientIp: ctx.clientIp }, params, session),
      };
    },
  });
}
