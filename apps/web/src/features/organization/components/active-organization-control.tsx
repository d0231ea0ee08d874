/**
 * @module On an organization's page: a mark when it is the session's active organization, else a
 * button that makes it so (the same call as the header's switcher).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { ServerError } from '../../../components/server-error';
import { useSession } from '../../../lib/auth';
import { clientErrorOf } from '../../../lib/unwrap';
import { useSetActiveOrganization } from '../api/set-active-organization';

export function ActiveOrganizationControl({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('organization');
  const { data: session } = useSession();
  const setActive = useSetActiveOrganization();
  if (session?.session.activeOrganizationId === organizationId) return <Chip label={t('active')} color="primary" />;
  return (
    <Box>
      <Button
        variant="outlined"
        disabled={setActive.isPending}
        aria-busy={setActive.isPending}
        onClick={() => setActive.mutate(organizationId)}
      >
        {t('page.makeActive')}
      </Button>
      <ServerError error={clientErrorOf(setActive.error)} />
    </Box>
  );
}
