/**
 * @module `/account-deleted`: where deleting an account ends, whether at once from the account page
 * or by the link mailed to confirm it (ACCOUNT_DELETED_PATH of the account feature's
 * delete-account.ts). The
 * server adds `?error=unauthorized|invalid_token|token_expired` when the link could not delete.
 * Opened without `deleted=1` or an error, nothing was deleted: that is the invalid-link state.
 */
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from '../../../lib/router';
import { CardPage } from '../../../components/page';
import { LinkOutcome } from './link-outcome';

/** The delete-user callback's failures, each explained in `accountDeleted.errors.*`. */
const FAILURES = ['unauthorized', 'invalid_token', 'token_expired'] as const;

export function AccountDeletedPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const failure = searchParams.get('error') ?? (searchParams.get('deleted') === '1' ? null : 'invalid_token');

  return (
    <CardPage title={t(failure ? 'accountDeleted.failedTitle' : 'accountDeleted.title')}>
      <LinkOutcome page="accountDeleted" failure={failure} knownFailures={FAILURES} />
      <Button component={RouterLink} to="/sign-in" variant="contained" fullWidth>
        {t('backToSignIn')}
      </Button>
    </CardPage>
  );
}
