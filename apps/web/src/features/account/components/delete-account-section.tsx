/**
 * @module Delete account (/account/delete). With a password the user types it; without one the
 * server wants a fresh session, and an old one is answered SESSION_EXPIRED_… → "sign in again".
 * The server either deletes at once (then this goes to the page that says so) or, when it is configured to,
 * mails a confirmation link to the account's address (then this says so).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PasswordTextField } from '../../../components/password-text-field';
import { ServerError } from '../../../components/server-error';
import { useSession, type AppError, type ErrorCode } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { clientErrorOf } from '../../../lib/unwrap';
import { ACCOUNT_DELETED_PATH, useDeleteAccount } from '../api/delete-account';
import { hasPassword, useListAccounts } from '../api/list-accounts';
import { AccountSection } from './account-section';
import { ReauthenticatePrompt } from './reauthenticate-prompt';
import { SectionLoading } from './section-loading';

const NOT_FRESH: ErrorCode = 'SESSION_EXPIRED_RE_AUTHENTICATE_TO_PERFORM_THIS_ACTION';
/** Codes that are about the typed password, shown at its field. */
const PASSWORD_CODES = new Set<AppError['code']>(['INVALID_PASSWORD', 'PASSWORD_TOO_LONG']);

export function DeleteAccountSection() {
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  const email = useSession().data?.user.email ?? '';
  const accounts = useListAccounts();
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const [mailed, setMailed] = useState(false);

  if (accounts.isPending) return <SectionLoading />;
  if (accounts.error) return <ServerError error={clientErrorOf(accounts.error)} />;
  const withPassword = hasPassword(accounts.data);
  const error = clientErrorOf(remove.error);
  const fieldError =
    error && PASSWORD_CODES.has(error.code)
      ? errorMessage(tCommon, error)
      : missing
        ? tCommon('validation.required')
        : null;

  function confirm() {
    if (withPassword && password === '') {
      setMissing(true);
      return;
    }
    remove.mutate(withPassword ? { password } : {}, {
      onSuccess: (outcome) => {
        setOpen(false);
        setPassword('');
        // Deleted at once: the session went with the account. The move is committed at once, not
        // as a transition: the session's refetch, now answering null, would otherwise render this
        // page's guard first, and it sends a signed-out user to sign-in.
        if (outcome === 'deleted') navigate(ACCOUNT_DELETED_PATH, { replace: true, flushSync: true });
        else setMailed(true);
      },
      onError: (cause) => {
        if (clientErrorOf(cause)?.code === NOT_FRESH) setOpen(false);
      },
    });
  }

  return (
    <AccountSection title={t('delete.title')} description={t('delete.description')}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {withPassword ? t('delete.withPassword') : t('delete.withoutPassword')}
      </Typography>
      {error?.code === NOT_FRESH && <ReauthenticatePrompt returnTo="/account/delete" />}
      {mailed && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {t('delete.mailed', { email })}
        </Alert>
      )}
      <Box>
        <Button
          variant="contained"
          color="error"
          onClick={() => {
            remove.reset();
            setMissing(false);
            setMailed(false);
            setOpen(true);
          }}
        >
          {t('delete.open')}
        </Button>
      </Box>
      <ConfirmDialog
        open={open}
        title={t('delete.confirmTitle')}
        text={t('delete.confirmText')}
        confirmLabel={t('delete.confirm')}
        pending={remove.isPending}
        error={error && !PASSWORD_CODES.has(error.code) && error.code !== NOT_FRESH ? error : null}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
      >
        {withPassword && (
          <PasswordTextField
            label={t('delete.password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setMissing(false);
            }}
            error={Boolean(fieldError)}
            helperText={fieldError}
            required
            fullWidth
            autoFocus
            margin="normal"
          />
        )}
      </ConfirmDialog>
    </AccountSection>
  );
}
