/**
 * @module `/consent?client_id=…&scope=…&sig=…`: the server sends a signed-in user here when an
 * application asks to act for them and they have not agreed to its scopes yet. The page names the
 * application (its logo, its homepage), says in plain words what it would be allowed, shows which
 * account it would be for ("use another account" signs out and goes to sign-in with the same
 * request) and, with the `organization` scope, which organization; it sends the answer with the
 * signed request (`oauth_query`). The server answers the application's address either way; the client leaves for it. Signed out (the session ended while
 * the page was open), the page sends the user to sign in, which resumes the same request.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from '../../../lib/router';
import { CardPage } from '../../../components/page';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useSession, useSignOut } from '../../../lib/auth';
import { scopesOf, useApplication, type OAuthApplication } from '../../../lib/oauth-applications';
import { keepOAuthQuery, signedOAuthQueryOf } from '../../../lib/oauth-query';
import { clientErrorOf } from '../../../lib/unwrap';
import { useAnswerConsent } from '../api/answer-consent';
import { AccountSummary, type SessionUser } from './account-summary';
import { ActingOrganizationNote } from './acting-organization';
import { ApplicationSummary, applicationName } from './application-summary';
import { ScopeList } from './scope-list';
import { Waiting } from './waiting';

export function ConsentPage() {
  const { t } = useTranslation('oauth');
  const [searchParams] = useSearchParams();
  const oauthQuery = signedOAuthQueryOf(searchParams);
  const clientId = searchParams.get('client_id');
  const session = useSession();
  const application = useApplication(session.data && oauthQuery ? clientId : null);

  if (!oauthQuery || !clientId) {
    return (
      <CardPage title={t('consent.invalidTitle')}>
        <Alert severity="error">{t('consent.invalid')}</Alert>
      </CardPage>
    );
  }
  if (session.isPending) return <Waiting />;
  if (!session.data) return <Navigate to={keepOAuthQuery('/sign-in', oauthQuery)} replace />;
  if (application.isPending) return <Waiting />;
  if (!application.data) {
    return (
      <CardPage title={t('consent.invalidTitle')}>
        <ServerError error={clientErrorOf(application.error)} />
      </CardPage>
    );
  }
  return (
    <ConsentForm
      application={application.data}
      scopes={scopesOf(searchParams.get('scope'))}
      oauthQuery={oauthQuery}
      user={session.data.user}
    />
  );
}

interface ConsentFormProps {
  application: OAuthApplication;
  scopes: readonly string[];
  oauthQuery: string;
  user: SessionUser;
}

function ConsentForm({ application, scopes, oauthQuery, user }: ConsentFormProps) {
  const { t } = useTranslation('oauth');
  const navigate = useNavigate();
  const signOut = useSignOut();
  const answer = useAnswerConsent(oauthQuery);
  const switchAccount = useMutation({
    mutationFn: signOut,
    onSuccess: () => navigate(keepOAuthQuery('/sign-in', oauthQuery), { replace: true }),
  });
  const name = applicationName(application);
  // Answered: the client is leaving for the application, so nothing may be sent twice.
  const busy = answer.isPending || answer.isSuccess || switchAccount.isPending;

  return (
    <CardPage title={t('consent.title', { name })}>
      <Stack spacing={2}>
        <ApplicationSummary application={application} />
        <ScopeList name={name} scopes={scopes} />
        <AccountSummary user={user}>
          <ActingOrganizationNote name={name} scopes={scopes} />
          <Button variant="text" size="small" sx={{ mt: 1 }} disabled={busy} onClick={() => switchAccount.mutate()}>
            {t('consent.useAnotherAccount')}
          </Button>
        </AccountSummary>

        {(application.termsOfService || application.privacyPolicy) && (
          <Stack direction="row" spacing={2} sx={{ typography: 'body2' }}>
            {application.privacyPolicy && (
              <Link href={application.privacyPolicy} target="_blank" rel="noopener noreferrer">
                {t('consent.privacyPolicy')}
              </Link>
            )}
            {application.termsOfService && (
              <Link href={application.termsOfService} target="_blank" rel="noopener noreferrer">
                {t('consent.termsOfService')}
              </Link>
            )}
          </Stack>
        )}

        <ServerError error={clientErrorOf(answer.error ?? switchAccount.error)} />
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end' }}>
          <SubmitButton
            type="button"
            variant="outlined"
            pending={answer.isPending && answer.variables === false}
            disabled={busy}
            onClick={() => answer.mutate(false)}
          >
            {t('consent.deny')}
          </SubmitButton>
          <SubmitButton
            type="button"
            pending={answer.isPending && answer.variables === true}
            disabled={busy}
            onClick={() => answer.mutate(true)}
          >
            {t('consent.allow')}
          </SubmitButton>
        </Box>
      </Stack>
    </CardPage>
  );
}
