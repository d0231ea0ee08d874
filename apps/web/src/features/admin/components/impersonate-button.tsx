/**
 * @module "Sign in as this user", after a confirmation that names them: the browser's session
 * becomes the user's (the banner then shows on every page until the admin stops), and the app
 * goes to the user's account page.
 */
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { clientErrorOf } from '../../../lib/unwrap';
import { useImpersonateUser } from '../api/impersonate-user';

export function ImpersonateButton({ userId, email }: { userId: string; email: string }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const impersonate = useImpersonateUser();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {t('impersonate.start')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('impersonate.confirmTitle')}
        text={t('impersonate.confirmText', { email })}
        confirmLabel={t('impersonate.confirm')}
        pending={impersonate.isPending}
        error={clientErrorOf(impersonate.error)}
        onConfirm={() =>
          // Not mutate's own onSuccess: once the session is the user's, the admin guard unmounts
          // this page, and TanStack Query skips the callbacks of an unmounted caller. A failure
          // is shown in the dialog from impersonate.error.
          impersonate.mutateAsync(userId).then(
            () => navigate('/account'),
            () => undefined,
          )
        }
        onClose={() => {
          setOpen(false);
          impersonate.reset();
        }}
      />
    </>
  );
}
