/**
 * @module /organizations/:organization/:section?: one organization, by its slug, its sections as
 * tabs (each its own address, so a section can be linked and the back button works). An address
 * by id (links from before slugs) opens the same page and is replaced by the slug's; after a slug
 * change the settings move the address along. The caller's role,
 * read from the organization's members, decides which actions are offered; the server decides
 * in the end. On a phone the tabs wrap onto several lines instead of hiding behind scrolling.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useParams } from '../../../lib/router';
import { Page } from '../../../components/page';
import { ServerError } from '../../../components/server-error';
import { useSession, type ErrorCode } from '../../../lib/auth';
import { clientErrorOf } from '../../../lib/unwrap';
import { useOrganization } from '../api/get-organization';
import { useResolveOrganizationAddress } from '../api/resolve-organization-address';
import { organizationPath } from '../lib/organization-path';
import { abilitiesOf } from '../lib/member-permissions';
import { ActiveOrganizationControl } from './active-organization-control';
import { ApplicationsSection } from './applications-section';
import { InvitationsSection } from './invitations-section';
import { LeaveOrDeleteSection } from './leave-or-delete-section';
import { MembersSection } from './members-section';
import { OrganizationAvatar } from './organization-avatar';
import { OrganizationSettings } from './organization-settings';
import type { SectionProps } from './section-props';
import { TeamsSection } from './teams-section';

const SECTIONS = ['settings', 'members', 'invitations', 'teams', 'applications', 'leave'] as const;
type Section = (typeof SECTIONS)[number];

function SectionContent({ section, ...props }: SectionProps & { section: Section }) {
  switch (section) {
    case 'settings':
      return <OrganizationSettings {...props} />;
    case 'members':
      return <MembersSection {...props} />;
    case 'invitations':
      return <InvitationsSection {...props} />;
    case 'teams':
      return <TeamsSection {...props} />;
    case 'applications':
      return <ApplicationsSection {...props} />;
    case 'leave':
      return <LeaveOrDeleteSection {...props} />;
  }
}

export function OrganizationPage() {
  const { organization: reference = '', section } = useParams();
  const { search } = useLocation();
  const address = useResolveOrganizationAddress(reference);
  if (address.status === 'pending') return <Loading />;
  if (address.status === 'id') {
    return <Navigate to={`${organizationPath({ slug: address.slug }, section)}${search}`} replace />;
  }
  return <OrganizationScreen organizationId={address.id} requested={section} />;
}

function Loading() {
  const { t } = useTranslation('organization');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={t('common:loading')} />
    </Box>
  );
}

function OrganizationScreen({ organizationId, requested }: { organizationId: string; requested: string | undefined }) {
  const { t } = useTranslation('organization');
  const section: Section = SECTIONS.find((s) => s === requested) ?? 'settings';
  const { data: session } = useSession();
  const { data: organization, error, isPending } = useOrganization(organizationId);
  const userId = session?.user.id ?? '';

  if (isPending) return <Loading />;
  if (error || !organization) {
    return (
      <Page title={t('page.unavailable')}>
        <ServerError
          error={
            clientErrorOf(error) ?? {
              code: 'ORGANIZATION_NOT_FOUND' satisfies ErrorCode,
              message: 'Organization not found',
            }
          }
        />
        <Button component={RouterLink} to="/organizations" variant="outlined">
          {t('page.backToList')}
        </Button>
      </Page>
    );
  }

  const me = organization.members.find((member) => member.userId === userId);
  const abilities = abilitiesOf(me?.role);
  const base = organizationPath(organization);

  return (
    <Page title={organization.name} actions={<ActiveOrganizationControl organizationId={organization.id} />}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <OrganizationAvatar name={organization.name} logo={organization.logo} size={48} />
        <Typography color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {organization.slug}
        </Typography>
      </Box>
      <Tabs
        value={section}
        aria-label={t('page.sections')}
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          mb: 3,
          '& .MuiTabs-list': { flexWrap: 'wrap' },
          // A wrapped row has no single line for the indicator to slide on: the chosen tab is shaded instead.
          '& .MuiTabs-indicator': { display: { xs: 'none', sm: 'block' } },
          '& .MuiTab-root.Mui-selected': { bgcolor: { xs: 'action.selected', sm: 'transparent' }, borderRadius: 1 },
        }}
      >
        {SECTIONS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`sections.${name}`)}
            id={`organization-tab-${name}`}
            // Only the chosen section's panel is rendered: the others have nothing to point at.
            aria-controls={name === section ? `organization-panel-${name}` : undefined}
            component={RouterLink}
            to={name === 'settings' ? base : `${base}/${name}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`organization-panel-${section}`} aria-labelledby={`organization-tab-${section}`}>
        <SectionContent section={section} organization={organization} abilities={abilities} userId={userId} />
      </Box>
    </Page>
  );
}
