/**
 * @module The optional username of sign-up: its rules shown under it, and, once the typing
 * pauses, whether it is still free. A taken name shows as the field's error before any submit.
 */
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import type { SignUpValues } from '../api/sign-up';
import { useUsernameAvailability, type UsernameAvailability } from '../api/check-username';
import { USERNAME_RULES } from '../../../lib/credential-rules';

function statusText(t: TFunction, availability: UsernameAvailability): string {
  switch (availability.status) {
    case 'checking':
      return t('username.checking');
    case 'available':
      return t('username.available');
    case 'taken':
      return t('username.taken');
    case 'failed':
      return errorMessage(t, availability.error);
    case 'idle':
      return t('username.rule', USERNAME_RULES);
  }
}

export function UsernameField({ control }: { control: Control<SignUpValues> }) {
  const { t } = useTranslation('auth');
  const typed = useWatch({ control, name: 'username' });
  const availability = useUsernameAvailability(typed);
  const unavailable = availability.status === 'taken' || availability.status === 'failed';
  return (
    <Controller
      control={control}
      name="username"
      render={({ field, fieldState }) => (
        <TextField
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={t('username.label')}
          autoComplete="username"
          error={Boolean(fieldState.error) || unavailable}
          helperText={
            fieldState.error?.message
              ? t(fieldState.error.message, { ns: 'common', defaultValue: fieldState.error.message })
              : statusText(t, availability)
          }
          slotProps={{
            // The check's outcome is announced as it arrives, without moving focus.
            formHelperText: { 'aria-live': 'polite' },
            input: {
              endAdornment:
                availability.status === 'checking' ? (
                  <InputAdornment position="end">
                    <CircularProgress size={16} aria-hidden />
                  </InputAdornment>
                ) : undefined,
            },
          }}
        />
      )}
    />
  );
}
