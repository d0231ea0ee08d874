/**
 * @module The scopes an application asks for, in plain words, as a section headed "This will
 * allow {name} to:" (the consent and device pages).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useScopeWords } from '../../../lib/oauth-applications';

export function ScopeList({ name, scopes }: { name: string; scopes: readonly string[] }) {
  const { t } = useTranslation('oauth');
  const words = useScopeWords();
  const heading = useId();
  return (
    <Box component="section" aria-labelledby={heading}>
      <Typography id={heading} variant="subtitle2" component="h2">
        {t('consent.scopesHeading', { name })}
      </Typography>
      <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
        {scopes.map((scope) => (
          <Typography component="li" key={scope} data-scope={scope}>
            {words(scope)}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
