/**
 * @module The sign-in form: one "e-mail or username" field, the password and "remember me"
 * (off: the session ends with the browser and is never extended, SPEC §4). Wrong credentials, an
 * unverified address, a ban and throttling are explained above the button. An account with
 * two-factor on goes on to the second step instead of being signed in.
 *
 * It is on every cold load, so it holds its values in plain state (`usePlainForm`) with plain
 * checks, not react-hook-form and zod like the other forms (#32 item 22); it behaves as they do.
 */
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { fieldHelperText } from '../../../components/field-helper-text';
import { LabelledCheckbox } from '../../../components/labelled-checkbox';
import { PasswordTextField } from '../../../components/password-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { useAuthClient } from '../../../lib/auth';
import { requiredProblem, type FormCheck } from '../../../lib/plain-schema';
import { usePlainForm } from '../../../lib/use-plain-form';
import { isTwoFactorRedirect, signIn, type SignInValues, type TwoFactorRedirect } from '../api/sign-in';
import { usePrefill } from '../lib/use-prefill';
import { SignInError } from './sign-in-error';

const check: FormCheck<SignInValues> = (values) => {
  const value = { ...values, identifier: values.identifier.trim() };
  return {
    value,
    problems: [...requiredProblem('identifier', value.identifier), ...requiredProblem('password', value.password)],
  };
};

export interface SignInFormProps {
  /** Where sign-in leads on to (a path of this app); a new verification link keeps it. */
  returnTo?: string;
  /** The signed authorization request the page was opened with, resumed by the sign-in. */
  oauthQuery?: string | null;
  /** `answer`: the server's; `{redirect: true, url}` when it resumed an authorization request. */
  onSignedIn(answer: unknown): void | Promise<void>;
  /** The account has two-factor on: the server holds the sign-in until its second step. */
  onSecondStep(answer: TwoFactorRedirect): void;
  /** Filled in unless typed over (the address an invitation was sent to). */
  email?: string;
}

export function SignInForm({ returnTo, oauthQuery, onSignedIn, onSecondStep, email }: SignInFormProps) {
  const { t } = useTranslation('auth');
  // The fields' errors are keys of `common` or translated server messages, as in FormTextField.
  const { t: tCommon } = useTranslation();
  const client = useAuthClient();
  const form = usePlainForm<SignInValues, unknown>({
    check,
    defaultValues: { identifier: '', password: '', rememberMe: true },
    mutationFn: (values) => signIn(client, values, oauthQuery),
    onSuccess: (answer) => (isTwoFactorRedirect(answer) ? onSecondStep(answer) : onSignedIn(answer)),
    // What concerns the identifier itself; wrong credentials stay a form-level message, as they
    // must not say which of the two was wrong.
    errorFields: {
      INVALID_EMAIL: 'identifier',
      USERNAME_IS_TOO_SHORT: 'identifier',
      USERNAME_IS_TOO_LONG: 'identifier',
      USERNAME_IS_INVALID: 'identifier',
    },
  });
  usePrefill(form, 'identifier', email);
  const errorOf = (name: 'identifier' | 'password') => ({
    error: Boolean(form.errors[name]),
    helperText: fieldHelperText(tCommon, form.errors[name]),
  });

  return (
    <Box component="form" noValidate onSubmit={form.onSubmit}>
      <TextField
        {...form.field('identifier')}
        {...errorOf('identifier')}
        label={t('signIn.identifier')}
        // "webauthn": the browser's autofill also offers passkeys here (conditional UI, passkey-sign-in.tsx).
        autoComplete="username webauthn"
        autoFocus
        required
      />
      {/* As CurrentPasswordField (credential-fields.tsx) has it, without react-hook-form. */}
      <PasswordTextField
        {...form.field('password')}
        {...errorOf('password')}
        label={t('password')}
        autoComplete="current-password"
        required
      />
      <LabelledCheckbox
        name="rememberMe"
        label={t('signIn.rememberMe')}
        checked={form.values.rememberMe}
        onChange={(checked) => form.change('rememberMe', checked)}
      />
      <SignInError error={form.serverError} identifier={form.values.identifier} returnTo={returnTo} />
      <SubmitButton pending={form.pending} fullWidth sx={{ mt: 2 }}>
        {t('signIn.submit')}
      </SubmitButton>
    </Box>
  );
}
