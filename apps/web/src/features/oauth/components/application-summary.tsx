/**
 * @module What the consent and device pages show of the application asking: its logo, its name
 * (the client id when it has none) and its homepage's host as a link.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ApplicationLogo } from '../../../components/application-logo';
import type { OAuthApplication } from '../../../lib/oauth-applications';

/** The name an application is shown by. */
export function applicationName(application: OAuthApplication): string {
  return application.name ?? application.clientId;
}

export function ApplicationSummary({ application }: { application: OAuthApplication }) {
  const name = applicationName(application);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <ApplicationLogo name={name} logo={application.logo} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        {application.homepage && (
          <Link href={application.homepage} target="_blank" rel="noopener noreferrer" variant="body2">
            {new URL(application.homepage).host}
          </Link>
        )}
      </Box>
    </Box>
  );
}
