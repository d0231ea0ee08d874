/**
 * @module The sign-up form: name, e-mail, optional username, password twice. The server's rules
 * are checked as the user types; what only the server knows (the address or the username is
 * taken) is shown at that field when it answers.
 */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EmailField } from '../../../components/credential-fields';
import { FormTextField } from '../../../components/form-text-field';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useAuthClient, type ErrorCode } from '../../../lib/auth';
import { isOAuthRedirect } from '../../../lib/oauth-query';
import { useServerForm } from '../../../lib/use-server-form';
import { signUp, type SignUpValues } from '../api/sign-up';
import {
  emailField,
  optionalUsernameField,
  passwordField,
  passwordsMatch,
  PASSWORDS_DIFFER,
  requiredNameField,
} from '../../../lib/credential-rules';
import { usePrefill } from '../lib/use-prefill';
import { NewPasswordFields } from './new-password-fields';
import { UsernameField } from './username-field';

const schema = z
  .object({
    name: requiredNameField,
    email: emailField,
    username: optionalUsernameField,
    password: passwordField,
    confirmPassword: z.string(),
  })
  .refine(passwordsMatch, PASSWORDS_DIFFER);

/** Catalogue codes that concern one field. */
const ERROR_FIELDS = {
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email',
  INVALID_EMAIL: 'email',
  USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER: 'username',
  USERNAME_IS_TOO_SHORT: 'username',
  USERNAME_IS_TOO_LONG: 'username',
  USERNAME_IS_INVALID: 'username',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_LONG: 'password',
} as const satisfies Partial<Record<ErrorCode, keyof SignUpValues>>;

export interface SignedUp {
  email: string;
  /** The server started a session (it does not when addresses must be verified first). */
  signedIn: boolean;
}

export interface SignUpFormProps {
  /** Where the verification link leads on to (a path of this app). */
  returnTo?: string;
  /** The signed authorization request the page was opened with (`prompt=create`). */
  oauthQuery?: string | null;
  onSignedUp(result: SignedUp): void | Promise<void>;
  /** The sign-up resumed the authorization request: the client is leaving for its next page. */
  onLeaving?(): void;
  /** Filled in unless typed over (the address an invitation was sent to). */
  email?: string;
}

export function SignUpForm({ returnTo, oauthQuery, onSignedUp, onLeaving, email }: SignUpFormProps) {
  const { t } = useTranslation('auth');
  const client = useAuthClient();
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { name: '', email: '', username: '', password: '', confirmPassword: '' } satisfies SignUpValues,
    mutationFn: (values: SignUpValues) => signUp(client, values, returnTo, oauthQuery),
    onSuccess: (data, values) =>
      isOAuthRedirect(data) ? onLeaving?.() : onSignedUp({ email: values.email, signedIn: Boolean(data.token) }),
    errorFields: ERROR_FIELDS,
  });
  usePrefill(form, 'email', email);

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <FormTextField control={form.control} name="name" label={t('name')} autoComplete="name" autoFocus required />
      <EmailField control={form.control} name="email" label={t('email')} />
      <UsernameField control={form.control} />
      <NewPasswordFields control={form.control} />
      <ServerError error={serverError} />
      <SubmitButton pending={pending} fullWidth sx={{ mt: 2 }}>
        {t('signUp.submit')}
      </SubmitButton>
    </Box>
  );
}
