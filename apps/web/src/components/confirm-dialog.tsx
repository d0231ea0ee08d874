/**
 * @module A confirmation dialog for destructive actions. MUI's Dialog traps focus and closes on
 * Escape; the confirm button shows progress and the server's error stays in the dialog.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientError } from '@latchkey/client';
import { ServerError } from './server-error';
import { SubmitButton } from './submit-button';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text?: ReactNode;
  confirmLabel: string;
  pending: boolean;
  error?: ClientError | null;
  onConfirm(): void;
  onClose(): void;
  children?: ReactNode;
}

export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) onConfirm();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {text && <DialogContentText>{text}</DialogContentText>}
          {children}
          <ServerError error={error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {t('cancel')}
          </Button>
          <SubmitButton pending={pending} color="error">
            {confirmLabel}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
