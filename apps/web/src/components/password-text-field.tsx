/**
 * @module A password input with a show/hide button at its end. The button keeps one name ("Show
 * password") and says whether it is on with `aria-pressed`, as a toggle button should, so a screen
 * reader announces its state instead of a label that changes under the user. Used by every
 * password field, bound to a form or not.
 */
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VisibilityIcon, VisibilityOffIcon } from './password-visibility-icons';

export type PasswordTextFieldProps = Omit<TextFieldProps, 'type'> & {
  /** Shown in clear text; by default the field keeps this state itself. */
  revealed?: boolean;
  onRevealedChange?(revealed: boolean): void;
};

export function PasswordTextField({ revealed, onRevealedChange, slotProps, ...props }: PasswordTextFieldProps) {
  const { t } = useTranslation();
  const [ownRevealed, setOwnRevealed] = useState(false);
  const shown = revealed ?? ownRevealed;
  const toggle = () => {
    setOwnRevealed(!shown);
    onRevealedChange?.(!shown);
  };
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        // No spelling or autocapitalisation of a password shown in clear text.
        htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={t('passwordField.show')}
                aria-pressed={shown}
                onClick={toggle}
                // Keeps the caret in the field: the press must not blur it (and validate it).
                onMouseDown={(event) => event.preventDefault()}
                edge="end"
              >
                {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
