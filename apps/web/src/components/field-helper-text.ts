/**
 * @module A field's helper text when it has an error: the error's text is an i18n key (zod
 * messages in the app's schemas, and the plain checks' of plain-schema.ts, are keys of the `common`
 * namespace) or an already translated server message; either way it is announced with the field.
 * A module of its own so that the sign-in form's plain fields use it without react-hook-form.
 */
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';

/** The field's error, translated if it is a key, else the helper text given. */
export function fieldHelperText(t: TFunction, message: string | undefined, helperText?: ReactNode): ReactNode {
  return message ? t(message, { defaultValue: message }) : helperText;
}
