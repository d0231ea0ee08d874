/**
 * @module `/error?error=CODE`: the app's own look of the page failed sign-in flows land on (the
 * server's `GET /api/auth/error` is the same page without the app). The code comes from the
 * address bar, so it is only ever shown as text (React escapes it) and cut to a line.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { CardPage } from '../../../components/page';

/** The codes flows redirect with (SPEC §8, OAuth and links), explained in `errorPage.codes.*`. */
const EXPLAINED = new Set([
  'please_restart_the_process',
  'invalid_callback_request',
  'state_not_found',
  'state_mismatch',
  'no_code',
  'oauth_provider_not_found',
  'invalid_code',
  'unable_to_get_user_info',
  'email_not_found',
  'no_callback_url',
  'account_already_linked_to_different_user',
  'unable_to_link_account',
  'account_not_linked',
  'signup_disabled',
  'unable_to_create_user',
  'unable_to_create_session',
  'token_expired',
  'invalid_token',
  'user_not_found',
  'unauthorized',
  'banned',
]);

const MAX_CODE_LENGTH = 256;

/** Some codes are written with spaces ("account not linked"); the keys use underscores. */
function explanationKey(code: string): string | null {
  const key = code.trim().toLowerCase().replace(/ +/g, '_');
  return EXPLAINED.has(key) ? `errorPage.codes.${key}` : null;
}

export function ErrorPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const code = (searchParams.get('error') || 'Unknown').slice(0, MAX_CODE_LENGTH);
  const key = explanationKey(code);
  // An upper-case catalogue code (BANNED_USER…) has its text in the errors namespace.
  const explanation = key ? t(key) : t(code, { ns: 'errors', defaultValue: t('errorPage.generic'), keySeparator: false, nsSeparator: false });

  return (
    <CardPage title={t('errorPage.title')}>
      <Alert severity="error" role="alert" sx={{ mb: 2 }}>
        {explanation}
      </Alert>
      <Typography variant="body2" gutterBottom>
        {t('errorPage.code')}{' '}
        <Box component="code" data-testid="error-code" sx={{ bgcolor: 'grey.100', px: 0.5, borderRadius: 0.5, wordBreak: 'break-all' }}>
          {code}
        </Box>
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" fullWidth sx={{ mt: 2 }}>
        {t('errorPage.home')}
      </Button>
    </CardPage>
  );
}
