/**
 * @module A labelled MUI text field bound to react-hook-form. Its error text is an i18n key (zod
 * messages in the app's schemas are keys of the `common` namespace) or an already translated
 * server message; either way it is announced with the field.
 */
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

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
          helperText={
            fieldState.error?.message
              ? t(fieldState.error.message, { defaultValue: fieldState.error.message })
              : helperText
          }
        />
      )}
    />
  );
}
