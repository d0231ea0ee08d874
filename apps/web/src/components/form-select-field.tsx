/**
 * @module A select bound to react-hook-form: the text field in select mode with one item per
 * option, shown by its label and stored by its value.
 */
import MenuItem from '@mui/material/MenuItem';
import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './form-text-field';

export interface SelectOption {
  value: string;
  label: string;
}

export function FormSelectField<T extends FieldValues>({
  options,
  ...props
}: Omit<FormTextFieldProps<T>, 'select' | 'children'> & { options: readonly SelectOption[] }) {
  return (
    <FormTextField select {...props}>
      {options.map(({ value, label }) => (
        <MenuItem key={value} value={value}>
          {label}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
