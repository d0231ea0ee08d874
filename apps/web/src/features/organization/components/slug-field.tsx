/**
 * @module The slug field: a labelled text field bound to the form that also says, as the user
 * types, whether the slug is free (the debounced server check). A form error (pattern, or the
 * server's refusal on submit) takes precedence over the check's answer. The helper text is a
 * polite live region, so the answer is announced without moving focus.
 */
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SlugStatus } from '../api/check-slug';

export interface SlugFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  status: SlugStatus;
  disabled?: boolean;
  /** Called with each value the user types (not with values the form sets). */
  onUserInput?(value: string): void;
}

export function SlugField<T extends FieldValues>({ control, name, status, disabled, onUserInput }: SlugFieldProps<T>) {
  const { t } = useTranslation('organization');
  const { t: common } = useTranslation();
  const statusText: Record<SlugStatus, string> = {
    idle: t('slug.help'),
    checking: t('slug.checking'),
    available: t('slug.available'),
    taken: t('slug.taken'),
    failed: t('slug.checkFailed'),
  };
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message;
        return (
          <TextField
            name={field.name}
            value={field.value ?? ''}
            onChange={(event) => {
              field.onChange(event);
              onUserInput?.(event.target.value);
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            label={t('fields.slug')}
            disabled={disabled}
            autoComplete="off"
            error={Boolean(message) || status === 'taken'}
            helperText={message ? common(message, { defaultValue: message }) : statusText[status]}
            slotProps={{ formHelperText: { 'aria-live': 'polite', 'data-slug-status': status } as object }}
          />
        );
      }}
    />
  );
}
