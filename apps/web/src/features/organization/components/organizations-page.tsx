/**
 * @module /organizations: the user's organizations, the "new organization" dialog, and the
 * invitations waiting for the user. Leaving or deleting an organization comes back here with a
 * note of what happened.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { CreateOrganizationDialog } from './create-organization-dialog';
import { OrganizationList } from './organization-list';
import { UserInvitations } from './user-invitations';

/** What the organization page tells this page after a leave or a delete (router state). */
export interface OrganizationsNotice {
  left?: string;
  deleted?: string;
}

export function OrganizationsPage() {
  const { t } = useTranslation('organization');
  const location = useLocation();
  const navigate = useNavigate();
  // A new key per opening gives the dialog a fresh, empty form each time.
  const [dialog, setDialog] = useState({ open: false, key: 0 });
  const [created, setCreated] = useState<string | null>(null);
  const notice = (location.state ?? {}) as OrganizationsNotice;
  const message = created
    ? t('create.done', { name: created })
    : notice.left
      ? t('leave.done', { name: notice.left })
      : notice.deleted
        ? t('delete.done', { name: notice.deleted })
        : null;

  return (
    <Page
      title={t('list.title')}
      actions={
        <Button variant="contained" onClick={() => setDialog(({ key }) => ({ open: true, key: key + 1 }))}>
          {t('create.open')}
        </Button>
      }
    >
      {message && (
        <Alert
          severity="success"
          role="status"
          sx={{ mb: 2 }}
          onClose={() => {
            setCreated(null);
            if (notice.left || notice.deleted) navigate('.', { replace: true, state: null });
          }}
        >
          {message}
        </Alert>
      )}
      <OrganizationList />
      <UserInvitations />
      <CreateOrganizationDialog
        key={dialog.key}
        open={dialog.open}
        onClose={() => setDialog((state) => ({ ...state, open: false }))}
        onCreated={(organization) => {
          setDialog((state) => ({ ...state, open: false }));
          setCreated(organization.name);
        }}
      />
    </Page>
  );
}
