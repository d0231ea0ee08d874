/**
 * @module A labelled MUI text field bound to react-hook-form. Its error text is an i18n key (zod
 * messages in the app's schemas are keys of the `common` namespace) or an already translated
 * server message; either way it is announced with the field.
 */
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldError, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** The field's error, translated if it is a key, else the helper text given. */
export function fieldHelperText(t: TFunction, error: FieldError | undefined, helperText: ReactNode): ReactNode {
  return error?.message ? t(error.message, { defaultValue: error.message }) : helperText;
}

export type FormTextFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
} & Omit<TextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'onBlur' | 'error'>;

export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  ...props
}: FormTextFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={label}
          error={Boolean(fieldState.error)}
          helperText={fieldHelperText(t, fieldState.error, helperText)}
        />
      )}
    />
  );
}
