/**
 * @module The strength meter under a new password: zxcvbn's score (0–4) as a bar and a word, and
 * its reason (why the password is weak, or how to improve it), translated. It advises and never
 * blocks: the server's rule (8 to 128 characters, SPEC §9) is the only one a password must meet,
 * as in the forms' schemas. A weak password is the user's choice to make once told; refusing it
 * here would add a rule the API does not have, which clients other than this app would not follow.
 * The estimator is loaded when a password is first typed (`lib/load-password-estimator.ts`).
 */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPasswordEstimator, type EstimatePassword } from '../lib/load-password-estimator';
import type { PasswordEstimate } from '../lib/password-estimator';

const LEVELS = ['veryWeak', 'weak', 'fair', 'good', 'strong'] as const;
const COLORS = ['error', 'error', 'warning', 'info', 'success'] as const;

/**
 * zxcvbn once something is typed: a screen with a new-password field that the user leaves empty
 * (or fills by the generator later) does not fetch its 200 KB; until it arrives, `roughEstimate`.
 */
function useEstimator(typing: boolean): EstimatePassword | null {
  const [estimator, setEstimator] = useState<{ estimate: EstimatePassword } | null>(null);
  useEffect(() => {
    if (!typing || estimator) return;
    let current = true;
    loadPasswordEstimator().then(
      (estimate) => current && setEstimator({ estimate }),
      // Without its chunk the meter keeps the rough rule; the form works as before.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [typing, estimator]);
  return estimator?.estimate ?? null;
}

/**
 * The rule while zxcvbn loads: length alone, and never above "fair", since without the dictionary
 * nothing tells `password123456` from a good passphrase. Below the server's minimum it is "very weak".
 */
function roughEstimate(password: string): PasswordEstimate {
  const score = password.length < 8 ? 0 : password.length < 12 ? 1 : 2;
  return { score, warning: null, suggestions: [] };
}

export function PasswordStrength({ password, userInputs }: { password: string; userInputs?: readonly string[] }) {
  const { t } = useTranslation();
  // Typing stays fast: the estimate of a long password may lag a keystroke behind.
  const typed = useDeferredValue(password);
  const estimate = useEstimator(password !== '') ?? roughEstimate;
  if (!typed) return null;

  const { score, warning, suggestions } = estimate(typed, userInputs);
  const level = t(`passwordField.strength.${LEVELS[score]}`);
  const reasonKey = warning ? `warnings.${warning}` : suggestions[0] ? `suggestions.${suggestions[0]}` : null;
  const reason = reasonKey && t(`passwordField.${reasonKey}`, { defaultValue: '' });
  return (
    <Box data-testid="password-strength" data-score={score} sx={{ mt: -0.5, mb: 1 }}>
      {/* The words below say what the bar shows; a progress bar would be announced twice. */}
      <LinearProgress
        variant="determinate"
        value={(score + 1) * 20}
        color={COLORS[score]}
        aria-hidden
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" component="p" color="text.secondary" aria-live="polite" sx={{ mt: 0.5 }}>
        {t('passwordField.strength.verdict', { level })}
        {reason ? ` ${reason}` : ''}
      </Typography>
    </Box>
  );
}
