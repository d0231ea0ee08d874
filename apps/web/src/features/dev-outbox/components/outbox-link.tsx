/**
 * @module The header's link to the development outbox, shown only when the server has one.
 */
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useOutbox } from '../../../lib/dev-outbox';

export function OutboxLink() {
  const { t } = useTranslation('outbox');
  const { data } = useOutbox();
  if (!data) return null;
  return (
    <Button color="inherit" component={RouterLink} to="/dev/outbox">
      <Badge badgeContent={data.length} color="secondary" max={99}>
        {t('link')}
      </Badge>
    </Button>
  );
}
