/**
 * @module POST /oauth2/continue {selected?, created?, postLogin?, oauth_query}: the page a prompt
 * sent the user to is done (`selected`: select_account; `created`: the sign-up of prompt=create;
 * `postLogin`: better-auth's post-login page, which we do not send to, so it only resumes), and the
 * authorization goes on with the signed-in session. Answers `{redirect: true, url}`.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import type { RedirectAnswer } from '../authorization/answer';
import { authorize, withoutPrompt } from '../authorization/authorize';
import { invalidSignature } from '../authorization/continuation';
import { OAuthError, oauthErrorResponse } from '../oauth-error';
import type { ResolvedOAuthProviderOptions } from '../options';
import { verifySignedQuery } from '../signed-query';

const body = z.object({
  selected: z.boolean().optional(),
  created: z.boolean().optional(),
  postLogin: z.boolean().optional(),
  oauth_query: z.string().optional(),
});

export function oauth2Continue(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'oauth2Continue',
    method: 'POST',
    path: '/oauth2/continue',
    summary: 'Continue an authorization after sign-in',
    body,
    session: 'required',
    response: z.object({ redirect: z.literal(true), url: z.string() }),
    async handler(ctx): Promise<RedirectAnswer | Response> {
      const { auth, body, session } = ctx;
      const done =
        body.selected === true
          ? 'select_account'
          : body.created === true
            ? 'create'
            : body.postLogin === true
              ? ''
              : null;
      if (done === null) return oauthErrorResponse(new OAuthError('invalid_request', 'Missing parameters'));
      if (body.oauth_query === undefined)
        return oauthErrorResponse(new OAuthError('invalid_request', 'missing oauth query'));
      const verified = verifySignedQuery(auth, body.oauth_query);
      if (!verified) return invalidSignature();
      const params = done ? withoutPrompt(verified.request, done) : verified.request;
      return {
        redirect: true,
        url: await authorize({ auth, options, headers: ctx.headers, clientIp: ctx.clientIp }, params, session),
      };
    },
  });
}
