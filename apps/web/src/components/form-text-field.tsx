/**
 * @module A labelled MUI text field bound to react-hook-form, its error shown as its helper text
 * (`fieldHelperText`).
 */
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldHelperText } from './field-helper-text';

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
          helperText={fieldHelperText(t, fieldState.error?.message, helperText)}
        />
      )}
    />
  );
}
