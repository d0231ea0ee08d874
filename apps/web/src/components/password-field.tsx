/**
 * @module A password field bound to react-hook-form: the show/hide toggle always, and where a
 * password is set, the strength meter (`strength`) and, for an admin handing a password over,
 * "Generate" (`generate`), which fills in a random strong password and shows it so it can be
 * copied. Its error text is translated as every field's is (`fieldHelperText`).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { generatePassword } from '../lib/generate-password';
import { fieldHelperText } from './field-helper-text';
import { PasswordStrength } from './password-strength';
import { PasswordTextField, type PasswordTextFieldProps } from './password-text-field';

export type PasswordFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** Show the strength meter: only where a password is set. */
  strength?: boolean;
  /** Offer "Generate": where an admin sets someone else's password. */
  generate?: boolean;
} & Omit<
  PasswordTextFieldProps,
  'name' | 'label' | 'value' | 'onChange' | 'onBlur' | 'error' | 'revealed' | 'onRevealedChange'
>;

export function PasswordField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  strength = false,
  generate = false,
  ...props
}: PasswordFieldProps<T>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const [revealed, setRevealed] = useState(false);
  const value = (field.value as string | undefined) ?? '';
  const input = (
    <PasswordTextField
      {...props}
      name={field.name}
      value={value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      error={Boolean(fieldState.error)}
      helperText={fieldHelperText(t, fieldState.error?.message, helperText)}
      revealed={revealed}
      onRevealedChange={setRevealed}
    />
  );
  if (!strength && !generate) return input;
  return (
    <Box>
      {input}
      {generate && (
        <Button
          size="small"
          sx={{ mb: 1 }}
          onClick={() => {
            field.onChange(generatePassword());
            setRevealed(true);
          }}
        >
          {t('passwordField.generate')}
        </Button>
      )}
      {strength && <PasswordStrength password={value} />}
    </Box>
  );
}
