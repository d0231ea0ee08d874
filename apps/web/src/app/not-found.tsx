import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '../lib/router';
import { Page } from '../components/page';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Page title={t('notFound.title')}>
      <Typography gutterBottom>{t('notFound.text')}</Typography>
      <Button component={RouterLink} to="/" variant="outlined">
        {t('notFound.home')}
      </Button>
    </Page>
  );
}
