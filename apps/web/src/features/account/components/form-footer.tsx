/**
 * @module The end of each account form (profile, e-mail, password): the server's refusal, what the
 * last submission did (a status, so it is announced), and the submit button, so the three end alike.
 */
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import type { AppError } from '../../../lib/auth';

/** What the last submission did, shown until the next one. */
export interface FormOutcome {
  severity: AlertColor;
  text: string;
}

export function FormFooter({
  serverError,
  pending,
  outcome,
  submitLabel,
  destructive = false,
}: {
  serverError: AppError | null;
  pending: boolean;
  outcome: FormOutcome | null;
  submitLabel: string;
  /** The submission takes something away (turning off two-factor): red, as every such button. */
  destructive?: boolean;
}) {
  return (
    <>
      <ServerError error={serverError} />
      {outcome && (
        <Alert severity={outcome.severity} role="status">
          {outcome.text}
        </Alert>
      )}
      <Box>
        <SubmitButton pending={pending} color={destructive ? 'error' : 'primary'}>
          {submitLabel}
        </SubmitButton>
      </Box>
    </>
  );
}
