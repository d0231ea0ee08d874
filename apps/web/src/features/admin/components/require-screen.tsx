/**
 * @module The console's screens, each for the roles that hold its permission (admin-access.ts):
 * a role made for applications alone opens Applications and is refused Users and the audit log.
 * The console's own address goes to the first screen the user may open.
 */
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from '../../../lib/router';
import { Page } from '../../../components/page';
import { ServerError } from '../../../components/server-error';
import { useAdminAccess, type AdminScreen } from '../../../lib/admin-access';

function Forbidden() {
  const { t } = useTranslation();
  return (
    <Page title={t('forbidden.title')}>
      <ServerError error={{ code: 'FORBIDDEN', message: t('forbidden.text') }} />
    </Page>
  );
}

export function RequireScreen({ screen }: { screen: AdminScreen }) {
  const { screens } = useAdminAccess();
  return screens.includes(screen) ? <Outlet /> : <Forbidden />;
}

export function FirstScreen() {
  const { screens } = useAdminAccess();
  return screens[0] ? <Navigate to={`/admin/${screens[0]}`} replace /> : <Forbidden />;
}
