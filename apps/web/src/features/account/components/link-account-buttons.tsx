/**
 * @module "Link another account": a button for each provider the server has enabled that this
 * user has not linked yet. Pressing one leaves for the provider; every button waits meanwhile.
 */
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ProviderIcon } from '../../../components/provider-icons';
import { ServerError } from '../../../components/server-error';
import type { SocialProvider } from '../../../lib/social-providers';
import { clientErrorOf } from '../../../lib/unwrap';
import { useLinkSocial } from '../api/link-social';

export function LinkAccountButtons({ providers }: { providers: readonly SocialProvider[] }) {
  const { t } = useTranslation('account');
  const link = useLinkSocial();
  const headingId = useId();
  if (providers.length === 0) return null;
  // Still pending after success: the page is on its way to the provider.
  const busy = link.isPending || link.isSuccess;
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1} sx={{ mt: 3 }}>
      <Typography id={headingId} variant="subtitle1" component="h3">
        {t('linked.linkTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('linked.linkDescription')}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {providers.map((provider) => (
          <Button
            key={provider.id}
            variant="outlined"
            color="inherit"
            data-provider={provider.id}
            disabled={busy}
            aria-busy={busy && link.variables === provider.id}
            startIcon={
              busy && link.variables === provider.id ? (
                <CircularProgress size={16} color="inherit" aria-hidden />
              ) : (
                <ProviderIcon providerId={provider.id} />
              )
            }
            onClick={() => link.mutate(provider.id)}
            sx={{ textTransform: 'none' }}
          >
            {t('linked.linkProvider', { provider: provider.name })}
          </Button>
        ))}
      </Stack>
      <ServerError error={clientErrorOf(link.error)} />
    </Stack>
  );
}
