/**
 * @module A labelled checkbox (the label is part of the clickable area), bound to no form library:
 * form-checkbox.tsx binds it to react-hook-form, the sign-in form to plain state.
 */
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { Ref } from 'react';

export interface LabelledCheckboxProps {
  name: string;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  onBlur?(): void;
  inputRef?: Ref<HTMLInputElement>;
}

export function LabelledCheckbox({ name, label, checked, onChange, onBlur, inputRef }: LabelledCheckboxProps) {
  return (
    <FormControlLabel
      label={label}
      control={
        <Checkbox
          name={name}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
          slotProps={{ input: { ref: inputRef } }}
        />
      }
    />
  );
}
