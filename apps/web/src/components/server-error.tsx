/**
 * @module A server error as a readable, translated message (role="alert", so it is announced).
 */
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { ClientError } from '@latchkey/client';
import { errorMessage } from '../lib/errors';

export function ServerError({ error }: { error: Pick<ClientError, 'code' | 'message'> | null | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert severity="error" role="alert" sx={{ my: 2 }} data-code={error.code}>
      {errorMessage(t, error)}
    </Alert>
  );
}
