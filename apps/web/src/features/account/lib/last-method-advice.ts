/**
 * @module What the linked accounts page says when only one way in is left, which the server
 * refuses to unlink: it names that way, and advises only what this user can actually do (a user
 * with only a password is not told to set one; "link another account" only when a provider is
 * left to link).
 */
import type { TFunction } from 'i18next';

export interface LastMethod {
  /** The one linked account is the password (`credential`). */
  isPassword: boolean;
  /** Its provider's display name. */
  name: string;
  /** Enabled providers not linked yet. */
  linkable: number;
}

export function lastMethodAdvice(t: TFunction<'account'>, { isPassword, name, linkable }: LastMethod): string {
  const why = isPassword ? t('linked.lastPassword') : t('linked.lastProvider', { provider: name });
  let advice: string | null;
  if (isPassword) advice = linkable > 0 ? t('linked.addLink') : null;
  else advice = linkable > 0 ? t('linked.addPasswordOrLink') : t('linked.addPassword');
  return advice ? `${why} ${advice}` : why;
}
