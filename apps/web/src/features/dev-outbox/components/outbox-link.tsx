/**
 * @module The header's link to the development outbox, shown only when the server has one. At
 * phone width it is an envelope with the count on its corner; wider, the word with the count
 * beside it (a badge over the word's corner hid its last letter in long languages).
 */
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SvgIcon from '@mui/material/SvgIcon';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '../../../lib/router';
import { useOutbox } from '../../../lib/dev-outbox';

/** At phone width the word is for screen readers only; the envelope shows. */
const wordStyle = (theme: Theme) =>
  ({
    position: 'absolute',
    width: 1,
    height: 1,
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
    [theme.breakpoints.up('sm')]: { position: 'static', width: 'auto', height: 'auto', clipPath: 'none' },
  }) as const;

export function OutboxLink() {
  const { data } = useOutbox();
  if (!data) return null;
  return <OutboxButton count={data.length} />;
}

/** Apart from the check, so that a server without an outbox never loads the outbox's texts. */
function OutboxButton({ count }: { count: number }) {
  const { t } = useTranslation('outbox');
  return (
    <Button color="inherit" component={RouterLink} to="/dev/outbox" sx={{ minWidth: 40, px: { xs: 1, sm: 1.5 } }}>
      <Badge badgeContent={count} color="secondary" max={99} sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
        <SvgIcon aria-hidden>
          <path d="M20 4H4c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2m0 4-8 5-8-5V6l8 5 8-5z" />
        </SvgIcon>
      </Badge>
      <Box component="span" data-testid="outbox-word" sx={wordStyle}>
        {t('link')}
      </Box>
      <Badge
        badgeContent={count}
        color="secondary"
        max={99}
        aria-hidden
        data-testid="outbox-count"
        sx={{
          display: { xs: 'none', sm: 'inline-flex' },
          ml: count > 0 ? 1.5 : 0,
          '& .MuiBadge-badge': { position: 'static', transform: 'none' },
        }}
      />
    </Button>
  );
}
