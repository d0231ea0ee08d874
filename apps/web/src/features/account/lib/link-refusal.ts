/**
 * @module Why linking a provider account was refused, from the `error` the OAuth callback came
 * back with (SPEC §8). The server answers a link with five refusals of its own and the provider's
 * (`access_denied`); those get a reason written for linking — what the rule is and what to do —
 * because the sign-in page's sentence ("could not be linked") names no cause. Any other code (an
 * expired or tampered flow) keeps the sign-in page's sentence, which already says to start again.
 *
 * `unable_to_link_account` stands for several refusals the code does not tell apart (the
 * addresses differ, the provider does not vouch for the address, linking is off): in practice the
 * first two, so its reason states both rules.
 */
import type { TFunction } from 'i18next';
import { explainFlowError } from '../../../lib/flow-error';

const LINK_REASONS = new Set([
  'unable_to_link_account',
  'account_already_linked_to_different_user',
  'email_not_found',
  'unable_to_get_user_info',
  'access_denied',
]);

/** The reason a link was refused; `email` is the user's own address, which the provider's must match. */
export function linkRefusalReason(t: TFunction, code: string, email: string): string {
  // Some SPEC codes are written with spaces; the keys use underscores.
  const key = code.trim().toLowerCase().replace(/ +/g, '_');
  if (LINK_REASONS.has(key)) return t(`linked.refused.${key}`, { ns: 'account', email });
  return explainFlowError(t, code);
}
