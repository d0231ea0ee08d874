/**
 * @module The consent and device pages' line on the `organization` scope: which organization the
 * application would act for (the session's active one, fixed when the user agrees), or, with none
 * active, that it would only see the list of the user's organizations. Nothing without the scope.
 */
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ORGANIZATION_SCOPE, useActingOrganization } from '../api/acting-organization';

export function ActingOrganizationNote({ name, scopes }: { name: string; scopes: readonly string[] }) {
  const { t } = useTranslation('oauth');
  const { organization } = useActingOrganization(scopes);
  if (!scopes.includes(ORGANIZATION_SCOPE) || organization === undefined) return null;
  return (
    <Typography variant="body2" sx={{ mt: 1 }} data-testid="acting-organization">
      {organization
        ? t('organization.acting', { name, organization: organization.name })
        : t('organization.none', { name })}
    </Typography>
  );
}
