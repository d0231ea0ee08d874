/**
 * @module One entry of the account's lists (sessions, trusted devices, passkeys): a heading with an
 * optional chip, its details as a description list ("Created: …"), and its buttons. The entry
 * wraps at phone width instead of scrolling, so the buttons stay in view.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface ItemRowProps {
  heading: string;
  /** The heading's tooltip: the raw User-Agent a device name was read from. */
  headingTitle?: string | null;
  /** Beside the heading: "This device", "Backed up". */
  chip?: ReactNode;
  details: readonly (readonly [term: string, value: string])[];
  actions?: ReactNode;
  testId: string;
  current?: boolean;
}

const rowStyle = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 1,
  py: 1.5,
  borderBottom: 1,
  borderColor: 'divider',
} as const;

const detailsStyle = {
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: 2,
  rowGap: 0.25,
  m: 0,
  typography: 'body2',
  color: 'text.secondary',
} as const;

export function ItemRow({ heading, headingTitle, chip, details, actions, testId, current }: ItemRowProps) {
  return (
    <Box component="li" data-testid={testId} data-current={current || undefined} sx={rowStyle}>
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography
            component="h3"
            variant="subtitle1"
            title={headingTitle ?? undefined}
            sx={{ overflowWrap: 'anywhere' }}
          >
            {heading}
          </Typography>
          {chip}
        </Box>
        <Box component="dl" sx={detailsStyle}>
          {details.map(([term, value]) => (
            <Box key={term} sx={{ display: 'flex', gap: 0.5 }}>
              <Box component="dt">{term}:</Box>
              <Box component="dd" sx={{ m: 0, color: 'text.primary' }}>
                {value}
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
      {actions}
    </Box>
  );
}
