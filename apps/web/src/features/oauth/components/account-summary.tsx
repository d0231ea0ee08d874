/**
 * @module The account an application would act for (the consent and device pages): a section
 * headed "Account" with the user's picture, name and e-mail address, and whatever the page adds
 * below them.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar';
import type { SessionData } from '../../../lib/auth';

export type SessionUser = NonNullable<SessionData>['user'];

export function AccountSummary({ user, children }: { user: SessionUser; children?: ReactNode }) {
  const { t } = useTranslation('oauth');
  const heading = useId();
  return (
    <Box component="section" aria-labelledby={heading}>
      <Typography id={heading} variant="subtitle2" component="h2">
        {t('consent.accountHeading')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1 }}>
        <UserAvatar name={user.name || user.email} image={user.image} size={36} alt="" />
        <Box sx={{ minWidth: 0 }}>
          {user.name && <Typography sx={{ overflowWrap: 'anywhere' }}>{user.name}</Typography>}
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Typography>
        </Box>
      </Box>
      {children}
    </Box>
  );
}
