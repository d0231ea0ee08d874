/**
 * @module Sessions (/account/sessions): where the account is signed in, this device marked, with
 * "revoke" for one other session and "sign out all other devices", each after a confirmation and
 * told in a toast.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ServerError } from '../../../components/server-error';
import { useToast } from '../../../components/toast';
import { useSession } from '../../../lib/auth';
import { clientErrorOf } from '../../../lib/unwrap';
import { useListSessions, type ListedSession } from '../api/list-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { AccountSection } from './account-section';
import { deviceName } from './device-name';
import { SectionLoading } from './section-loading';
import { SessionsList } from './sessions-list';

export function SessionsSection() {
  const { t } = useTranslation('account');
  const currentId = useSession().data?.session.id;
  const sessions = useListSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [target, setTarget] = useState<ListedSession | null>(null);
  const [confirmOthers, setConfirmOthers] = useState(false);
  const toast = useToast();

  const list = sessions.data ?? [];
  const others = list.filter((session) => session.id !== currentId);

  return (
    <AccountSection title={t('sessions.title')} description={t('sessions.description')}>
      {sessions.isPending && <SectionLoading />}
      <ServerError error={clientErrorOf(sessions.error)} />
      {sessions.data && (
        <SessionsList
          sessions={list}
          currentId={currentId}
          onRevoke={(session) => {
            revoke.reset();
            setTarget(session);
          }}
        />
      )}
      <Box sx={{ mt: 2 }}>
        <Button
          variant="outlined"
          color="error"
          disabled={others.length === 0}
          onClick={() => {
            revokeOthers.reset();
            setConfirmOthers(true);
          }}
        >
          {t('sessions.revokeOthers')}
        </Button>
      </Box>

      <ConfirmDialog
        open={target !== null}
        title={t('sessions.revokeTitle')}
        text={target ? t('sessions.revokeText', { device: deviceName(t, target.userAgent) }) : ''}
        confirmLabel={t('sessions.revoke')}
        pending={revoke.isPending}
        error={clientErrorOf(revoke.error)}
        onClose={() => setTarget(null)}
        onConfirm={() => {
          if (!target) return;
          revoke.mutate(target.token, {
            onSuccess: () => {
              toast({ message: t('sessions.revoked', { device: deviceName(t, target.userAgent) }) });
              setTarget(null);
            },
          });
        }}
      />
      <ConfirmDialog
        open={confirmOthers}
        title={t('sessions.revokeOthersTitle')}
        text={t('sessions.revokeOthersText')}
        confirmLabel={t('sessions.revokeOthers')}
        pending={revokeOthers.isPending}
        error={clientErrorOf(revokeOthers.error)}
        onClose={() => setConfirmOthers(false)}
        onConfirm={() =>
          revokeOthers.mutate(undefined, {
            onSuccess: () => {
              toast({ message: t('sessions.othersRevoked') });
              setConfirmOthers(false);
            },
          })
        }
      />
    </AccountSection>
  );
}
