/**
 * @module The sign-in form: one "e-mail or username" field, the password and "remember me"
 * (off: the session ends with the browser and is never extended, SPEC §4). Wrong credentials, an
 * unverified address, a ban and throttling are explained above the button. An account with
 * two-factor on goes on to the second step instead of being signed in.
 */
import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CurrentPasswordField } from '../../../components/credential-fields';
import { FormCheckbox } from '../../../components/form-checkbox';
import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { useAuthClient } from '../../../lib/auth';
import { plainSchema, requiredProblem } from '../../../lib/plain-schema';
import { useServerForm } from '../../../lib/use-server-form';
import { isTwoFactorRedirect, signIn, type SignInValues, type TwoFactorRedirect } from '../api/sign-in';
import { usePrefill } from '../lib/use-prefill';
import { SignInError } from './sign-in-error';

// Plain checks rather than zod: this form is on every cold load (lib/plain-schema.ts).
const schema = plainSchema<SignInValues>((values) => {
  const value = { ...values, identifier: values.identifier.trim() };
  return {
    value,
    problems: [...requiredProblem('identifier', value.identifier), ...requiredProblem('password', value.password)],
  };
});

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
  const client = useAuthClient();
  const { form, onSubmit, serverError, pending } = useServerForm<SignInValues, unknown>({
    schema,
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
  const identifier = useWatch({ control: form.control, name: 'identifier' });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <FormTextField
        control={form.control}
        name="identifier"
        label={t('signIn.identifier')}
        // "webauthn": the browser's autofill also offers passkeys here (conditional UI, passkey-sign-in.tsx).
        autoComplete="username webauthn"
        autoFocus
        required
      />
      <CurrentPasswordField control={form.control} name="password" label={t('password')} />
      <FormCheckbox control={form.control} name="rememberMe" label={t('signIn.rememberMe')} />
      <SignInError error={serverError} identifier={identifier} returnTo={returnTo} />
      <SubmitButton pending={pending} fullWidth sx={{ mt: 2 }}>
        {t('signIn.submit')}
      </SubmitButton>
    </Box>
  );
}
