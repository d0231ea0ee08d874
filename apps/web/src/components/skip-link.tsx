/**
 * @module "Skip to content": the first thing Tab reaches on every page, hidden until focused, so a
 * keyboard user need not walk the header on each page (WCAG 2.4.1).
 */
import { styled } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

export const SKIP_TARGET_ID = 'content';

const Link = styled('a')(({ theme }) => ({
  position: 'absolute',
  left: theme.spacing(1),
  top: theme.spacing(1),
  zIndex: theme.zIndex.tooltip + 1,
  padding: theme.spacing(1, 2),
  borderRadius: theme.shape.borderRadius,
  backgroundColor: (theme.vars ?? theme).palette.background.paper,
  color: (theme.vars ?? theme).palette.text.primary,
  ...theme.typography.button,
  // Off screen (not display: none) so it stays in the tab order.
  transform: 'translateY(-200%)',
  '&:focus': { transform: 'none' },
}));

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${SKIP_TARGET_ID}`}
      onClick={(event) => {
        // The router would treat the hash as a navigation; moving the focus is all that is wanted.
        event.preventDefault();
        document.getElementById(SKIP_TARGET_ID)?.focus();
      }}
    >
      {t('shell.skipLink')}
    </Link>
  );
}
