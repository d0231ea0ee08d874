/**
 * @module Who the user is: e-mail, name, username, roles, ban state, verification and dates (the
 * last sign-in as the server keeps it, which outlives the sessions a ban or a sign-out ends), as a
 * description list that becomes one column at phone width.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import type { AdminUserDetail } from '../api/get-user';
import { RoleChips } from './role-chips';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0, mb: { xs: 1, sm: 0 }, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </>
  );
}

export function UserSummary({ user, isYou }: { user: AdminUserDetail; isYou: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const date = (value: Date | string | null | undefined) => (value ? formatDateTime(value, i18n.language) : '—');
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}
    >
      <Row label={t('fields.email')}>
        {user.email} {isYou && <Chip size="small" label={t('detail.you')} sx={{ ml: 1 }} />}
      </Row>
      <Row label={t('fields.name')}>{user.name || '—'}</Row>
      {user.username && <Row label={t('fields.username')}>{user.displayUsername || user.username}</Row>}
      <Row label={t('fields.role')}>
        <RoleChips role={user.role} />
      </Row>
      <Row label={t('fields.status')}>
        {user.banned ? (
          <Chip size="small" color="error" label={t('users.bannedChip')} />
        ) : (
          <Chip size="small" color="success" variant="outlined" label={t('detail.active')} />
        )}
      </Row>
      <Row label={t('fields.emailVerified')}>{user.emailVerified ? t('common:yes') : t('common:no')}</Row>
      <Row label={t('fields.createdAt')}>{date(user.createdAt)}</Row>
      <Row label={t('fields.updatedAt')}>{date(user.updatedAt)}</Row>
      <Row label={t('fields.lastSignIn')}>{user.lastSignInAt ? date(user.lastSignInAt) : t('detail.noSignIn')}</Row>
    </Box>
  );
}
