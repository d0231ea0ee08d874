/**
 * @module What a followed mail link did, as the pages it lands on say it: a failure the server
 * named (`?error=…`) explained in `<page>.errors.<code>` (an unknown code shown as is), or
 * `<page>.done` (or the page's own `done` text, as "already verified").
 */
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

export function LinkOutcome({
  page,
  failure,
  knownFailures,
  done,
}: {
  page: 'verifyEmail' | 'accountDeleted';
  failure: string | null;
  knownFailures: readonly string[];
  /** What success says instead of `<page>.done`. */
  done?: string;
}) {
  const { t } = useTranslation('auth');
  if (!failure) {
    return (
      <Alert severity="success" role="status" sx={{ mb: 2 }}>
        {done ?? t(`${page}.done`)}
      </Alert>
    );
  }
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }} data-code={failure}>
      {knownFailures.includes(failure) ? t(`${page}.errors.${failure}`) : t(`${page}.errors.other`, { code: failure })}
    </Alert>
  );
}
