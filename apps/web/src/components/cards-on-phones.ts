/**
 * @module Small tables at phone width (a user's sessions and events, the applications, the users list, an organization's members): below `sm` each row
 * becomes a card whose cells stack, each labelled by its column (`data-label`), so nothing has to
 * scroll sideways.
 */
import type { Theme } from '@mui/material/styles';

export const cardsOnPhones = (theme: Theme) => ({
  minWidth: { sm: 640 },
  [theme.breakpoints.down('sm')]: {
    '& thead': { display: 'none' },
    '& tbody, & tr, & td': { display: 'block' },
    '& tr': { py: 1, borderBottom: 1, borderColor: 'divider' },
    '& td': { border: 0, py: 0.25, px: 0, textAlign: 'left', maxWidth: 'none' },
    '& td[data-label]::before': { content: 'attr(data-label) ": "', color: theme.palette.text.secondary },
  },
});
