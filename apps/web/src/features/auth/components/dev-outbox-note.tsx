/**
 * @module "Without SMTP the mail is in the development outbox": shown on the screens that ask the
 * user to open a mailed link, only when this server keeps an outbox.
 */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from '../../../lib/router';
import { OUTBOX_PAGE_PATH, useHasDevOutbox } from '../../../lib/dev-outbox';

export function DevOutboxNote() {
  const { t } = useTranslation('auth');
  const hasOutbox = useHasDevOutbox();
  if (!hasOutbox) return null;
  return (
    <Typography variant="body2" sx={{ mt: 1 }} data-testid="dev-outbox-note">
      <Trans t={t} i18nKey="devOutbox" components={{ outbox: <Link component={RouterLink} to={OUTBOX_PAGE_PATH} /> }} />
    </Typography>
  );
}
