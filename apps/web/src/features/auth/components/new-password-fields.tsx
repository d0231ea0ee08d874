/**
 * @module A new password typed twice, with the server's length rule shown under it before anything
 * is typed: used by sign-up and by the password reset.
 */
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field';
import { PASSWORD_RULES } from '../lib/credential-rules';

type WithNewPassword = FieldValues & { password: string; confirmPassword: string };

export function NewPasswordFields<T extends WithNewPassword>({
  control,
  label,
}: {
  control: Control<T>;
  label?: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <FormTextField
        control={control}
        name={'password' as Path<T>}
        label={label ?? t('password')}
        type="password"
        autoComplete="new-password"
        required
        helperText={t('passwordRule', PASSWORD_RULES)}
      />
      <FormTextField
        control={control}
        name={'confirmPassword' as Path<T>}
        label={t('confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
