/**
 * @module A button per provider the server has enabled ("Continue with GitHub"), above the
 * password form of sign-in and sign-up; nothing at all when none is. Above, not below: leaving the
 * focused first field shows its "Required" and moves everything under it, so a button there would
 * slip away from under the pointer between press and release. Pressing one leaves the app for the
 * provider, so every button waits while the server answers, and a refusal (a provider the server
 * no longer has) is shown here.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ProviderIcon } from '../../../components/provider-icons';
import { ServerError } from '../../../components/server-error';
import { useAuthClient } from '../../../lib/auth';
import { useSocialProviders } from '../../../lib/social-providers';
import { clientErrorOf } from '../../../lib/unwrap';
import { signInSocial } from '../api/sign-in-social';

interface SocialSignInProps {
  returnTo: string;
  signUp?: boolean;
  /** The page's signed authorization request: the provider's answer goes on with it. */
  oauthQuery?: string | null;
}

export function SocialSignIn({ returnTo, signUp = false, oauthQuery = null }: SocialSignInProps) {
  const { t } = useTranslation('auth');
  const client = useAuthClient();
  const providers = useSocialProviders();
  const start = useMutation({
    mutationFn: (provider: string) => signInSocial(client, { provider, returnTo, signUp, oauthQuery }),
  });
  // On success the page is on its way to the provider: the buttons stay waiting.
  const pending = start.isPending || start.isSuccess ? start.variables : null;

  if (!providers.data?.length) return null;

  return (
    <Box component="section" aria-label={t('social.label')} sx={{ mb: 2 }}>
      <Stack spacing={1}>
        {providers.data.map((provider) => (
          <Button
            key={provider.id}
            variant="outlined"
            color="inherit"
            fullWidth
            disabled={pending != null}
            aria-busy={pending === provider.id}
            data-provider={provider.id}
            startIcon={
              pending === provider.id ? (
                <CircularProgress size={16} color="inherit" aria-hidden />
              ) : (
                <ProviderIcon providerId={provider.id} />
              )
            }
            onClick={() => start.mutate(provider.id)}
            sx={{ textTransform: 'none', justifyContent: 'center' }}
          >
            {t('social.continueWith', { provider: provider.name })}
          </Button>
        ))}
      </Stack>
      <ServerError error={clientErrorOf(start.error)} />
      <Divider sx={{ mt: 2 }}>{t('social.or')}</Divider>
    </Box>
  );
}
