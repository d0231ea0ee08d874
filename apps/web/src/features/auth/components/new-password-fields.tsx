/**
 * @module A new password typed twice, with the server's length rule shown under it before anything
 * is typed and its strength as it is typed: used by sign-up and by the password reset.
 */
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NewPasswordField } from '../../../components/credential-fields';
import { PASSWORD_RULES } from '../../../lib/credential-rules';

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
      <NewPasswordField
        control={control}
        name={'password' as Path<T>}
        label={label ?? t('password')}
        helperText={t('passwordRule', { ns: 'common', ...PASSWORD_RULES })}
        strength
      />
      <NewPasswordField control={control} name={'confirmPassword' as Path<T>} label={t('confirmPassword')} />
    </>
  );
}
