/**
 * @module The credential fields, typed alike in every form: an e-mail address (the e-mail keyboard
 * and autofill) and a password, masked, as the one a password manager fills (`current-password`)
 * or as a new one it offers to make (`new-password`). Each is required unless a form says otherwise.
 */
import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './form-text-field';

type CredentialFieldProps<T extends FieldValues> = Omit<FormTextFieldProps<T>, 'type'>;

export function EmailField<T extends FieldValues>(props: CredentialFieldProps<T>) {
  return <FormTextField type="email" autoComplete="email" required {...props} />;
}

export function CurrentPasswordField<T extends FieldValues>(props: CredentialFieldProps<T>) {
  return <FormTextField type="password" autoComplete="current-password" required {...props} />;
}

export function NewPasswordField<T extends FieldValues>(props: CredentialFieldProps<T>) {
  return <FormTextField type="password" autoComplete="new-password" required {...props} />;
}
