/**
 * @module The organization's logo: a URL, as creating and editing an organization both ask for it.
 */
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, type FormTextFieldProps } from '../../../components/form-text-field';

export function LogoField<T extends FieldValues>(props: Omit<FormTextFieldProps<T>, 'label'>) {
  const { t } = useTranslation('organization');
  return <FormTextField label={t('fields.logo')} type="url" helperText={t('fields.logoHelp')} {...props} />;
}
