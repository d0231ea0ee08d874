/**
 * @module `/error?error=CODE`: the app's own look of the page failed sign-in flows land on (the
 * server's `GET /api/auth/error` is the same page without the app). The code comes from the
 * address bar, so it is only ever shown as text (React escapes it) and only when it looks like a
 * code (`lib/flow-error.ts`, which the sign-in page and the linked accounts share). A long code
 * wraps between words, and within one only when it would not fit the line.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from '../../../lib/router';
import { CardPage } from '../../../components/page';
import { explainFlowError, flowErrorOf } from '../../../lib/flow-error';

export function ErrorPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const code = flowErrorOf(searchParams) ?? 'Unknown';
  const explanation = explainFlowError(t, code);

  return (
    <CardPage title={t('errorPage.title')}>
      <Alert severity="error" role="alert" sx={{ mb: 2 }}>
        {explanation}
      </Alert>
      <Typography variant="body2" gutterBottom>
        {t('errorPage.code')}{' '}
        <Box
          component="code"
          data-testid="error-code"
          sx={{ bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5, overflowWrap: 'anywhere' }}
        >
          {code}
        </Box>
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" fullWidth sx={{ mt: 2 }}>
        {t('errorPage.home')}
      </Button>
    </CardPage>
  );
}
