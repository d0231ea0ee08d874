/**
 * @module The development outbox: every mail the server would have sent, newest first, with its
 * links clickable, so a newcomer can verify an address or reset a password without SMTP. Refreshes
 * every few seconds while open.
 */
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { useOutbox } from '../../../lib/dev-outbox';
import { formatDateTime } from '../../../lib/format-date';

const REFRESH_MS = 3000;

export function OutboxPage() {
  const { t, i18n } = useTranslation('outbox');
  const { data, isPending, error } = useOutbox({ refetchInterval: REFRESH_MS });
  return (
    <Page title={t('title')}>
      {error && <Alert severity="error">{error.message}</Alert>}
      {!isPending && data === null && <Alert severity="info">{t('unavailable')}</Alert>}
      {data && data.length === 0 && <Typography>{t('empty')}</Typography>}
      <Stack spacing={2} component="ol" sx={{ listStyle: 'none', p: 0 }} aria-label={t('title')}>
        {data?.map((mail) => (
          <Card component="li" key={mail.id} variant="outlined" data-testid="outbox-mail">
            <CardContent>
              <Typography variant="subtitle1" component="h2">
                {mail.subject}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('to', { to: mail.to })} · {formatDateTime(mail.sentAt, i18n.language)}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', my: 1 }}>
                {mail.text}
              </Typography>
              {mail.links.map((link) => (
                <Link key={link} href={link} sx={{ display: 'block', wordBreak: 'break-all' }}>
                  {link}
                </Link>
              ))}
            </CardContent>
          </Card>
        ))}
      </Stack>
    </Page>
  );
}
