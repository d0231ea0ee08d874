/**
 * @module The app's one way to tell the outcome of an action: `useToast()(…)` shows a short
 * message at the bottom of the screen. A status, so screen readers announce it without moving the
 * focus; one at a time, a newer one replacing the one on screen, as Material guidance has it.
 */
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Toast {
  message: string;
  /** success by default. */
  severity?: AlertColor;
}

type ShowToast = (toast: Toast) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** Long enough to read two lines; errors stay until closed, as they may need acting on. */
const SHOWN_FOR_MS = 6000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<(Toast & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback<ShowToast>((toast) => {
    setCurrent({ ...toast, key: Date.now() });
    setOpen(true);
  }, []);
  const value = useMemo(() => show, [show]);
  const severity = current?.severity ?? 'success';
  const close = (_event?: unknown, reason?: string) => {
    if (reason !== 'clickaway') setOpen(false);
  };
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Snackbar
        key={current?.key}
        open={open}
        autoHideDuration={severity === 'error' ? null : SHOWN_FOR_MS}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={severity}
          variant="filled"
          role="status"
          data-testid="toast"
          onClose={close}
          closeText={t('close')}
          sx={{ width: '100%' }}
        >
          {current?.message}
        </Alert>
      </Snackbar>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a <ToastProvider> above it');
  return show;
}
