/**
 * @module Sign-up with e-mail and password (and an optional username). The verification link the
 * server mails lands on this app's `/verify-email` page, which leads on to `returnTo` (the page that
 * sent the user to sign up, such as an invitation). The answer's `token` says whether the
 * server also started a session (it does not when addresses must be verified first). With
 * `oauthQuery` (an application asked for `prompt=create`), a sign-up that starts a session answers
 * the authorization's next page instead (`{redirect: true, url}`), which the client follows.
 */
import type { AppClient } from '../../../lib/auth';
import { withOAuthQuery } from '../../../lib/oauth-query';
import { unwrap } from '../../../lib/unwrap';
import { verifyEmailCallbackURL } from '../../../lib/safe-redirect';

export interface SignUpValues {
  name: string;
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
}

export function signUp(
  client: AppClient,
  { name, email, username, password }: SignUpValues,
  returnTo?: string,
  oauthQuery?: string | null,
) {
  return unwrap(
    client.signUp.email(
      withOAuthQuery(
        {
          name,
          email,
          password,
          // An empty field means no username: sending '' would be refused as an invalid one.
          ...(username ? { username } : {}),
          callbackURL: verifyEmailCallbackURL(returnTo),
        },
        oauthQuery,
      ),
    ),
  );
}
