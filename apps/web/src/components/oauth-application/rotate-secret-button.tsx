/**
 * @module Rotate the application's secret after a confirmation that says the old one stops
 * working at once; the new one is shown once (application-secret-dialog.tsx). `rotate` is the
 * caller's route: the admin console's for any application, an organization's owner route for its own.
 */
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../confirm-dialog';
import { clientErrorOf } from '../../lib/unwrap';
import { ApplicationSecretDialog } from './application-secret-dialog';

export function RotateSecretButton({
  clientId,
  name,
  rotate: rotateSecret,
  onRotated,
}: {
  clientId: string;
  name: string;
  rotate(clientId: string): Promise<{ client_secret?: unknown }>;
  onRotated?(): void;
}) {
  const { t } = useTranslation('admin');
  const rotate = useMutation({ mutationFn: rotateSecret, onSuccess: () => onRotated?.() });
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <>
      <Button variant="outlined" color="warning" onClick={() => setOpen(true)}>
        {t('applications.rotate.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('applications.rotate.title')}
        text={t('applications.rotate.text', { name })}
        confirmLabel={t('applications.rotate.confirm')}
        pending={rotate.isPending}
        error={clientErrorOf(rotate.error)}
        onConfirm={() =>
          rotate.mutate(clientId, {
            onSuccess: (data) => {
              setOpen(false);
              setSecret(typeof data.client_secret === 'string' ? data.client_secret : null);
            },
          })
        }
        onClose={() => {
          setOpen(false);
          rotate.reset();
        }}
      />
      <ApplicationSecretDialog
        clientId={clientId}
        secret={secret}
        onClose={() => {
          setSecret(null);
          rotate.reset();
        }}
      />
    </>
  );
}
