/**
 * @module The credential fields, typed alike in every form: an e-mail address (the e-mail keyboard
 * and autofill) and a password, masked with a show/hide toggle, as the one a password manager
 * fills (`current-password`) or as a new one it offers to make (`new-password`, with the strength
 * meter unless it is the repetition). Each is required unless a form says otherwise.
 */
import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './form-text-field';
import { PasswordField, type PasswordFieldProps } from './password-field';

type CredentialFieldProps<T extends FieldValues> = Omit<FormTextFieldProps<T>, 'type'>;

export function EmailField<T extends FieldValues>(props: CredentialFieldProps<T>) {
  return <FormTextField type="email" autoComplete="email" required {...props} />;
}

export function CurrentPasswordField<T extends FieldValues>(props: PasswordFieldProps<T>) {
  return <PasswordField autoComplete="current-password" required {...props} />;
}

export function NewPasswordField<T extends FieldValues>(props: PasswordFieldProps<T>) {
  return <PasswordField autoComplete="new-password" required {...props} />;
}
