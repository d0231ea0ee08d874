/**
 * @module /organizations: the user's organizations, the "new organization" dialog, and the
 * invitations waiting for the user. A created organization is opened at once (the server has made
 * it the active one), and told in a toast; a leave and a delete come back here with theirs.
 */
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { useToast } from '../../../components/toast';
import { organizationPath } from '../lib/organization-path';
import { CreateOrganizationDialog } from './create-organization-dialog';
import { OrganizationList } from './organization-list';
import { UserInvitations } from './user-invitations';

export function OrganizationsPage() {
  const { t } = useTranslation('organization');
  const toast = useToast();
  const navigate = useNavigate();
  // A new key per opening gives the dialog a fresh, empty form each time.
  const [dialog, setDialog] = useState({ open: false, key: 0 });

  return (
    <Page
      title={t('list.title')}
      actions={
        <Button variant="contained" onClick={() => setDialog(({ key }) => ({ open: true, key: key + 1 }))}>
          {t('create.open')}
        </Button>
      }
    >
      <OrganizationList />
      <UserInvitations />
      <CreateOrganizationDialog
        key={dialog.key}
        open={dialog.open}
        onClose={() => setDialog((state) => ({ ...state, open: false }))}
        onCreated={(organization) => {
          setDialog((state) => ({ ...state, open: false }));
          toast({ message: t('create.done', { name: organization.name }) });
          void navigate(organizationPath(organization));
        }}
      />
    </Page>
  );
}
