/**
 * @module The ban reason as the console shows it. A ban without a reason is stored with the
 * server's default text (the admin plugin's `ADMIN_DEFAULTS.defaultBanReason`, "No reason"), in
 * English whatever the admin's language: it is shown as the translated "none given" instead. A
 * deployment that sets its own default keeps its own words.
 */
import type { TFunction } from 'i18next';

export const SERVER_DEFAULT_BAN_REASON = 'No reason';

export function banReasonText(t: TFunction<'admin'>, reason: string | null | undefined): string {
  return !reason || reason === SERVER_DEFAULT_BAN_REASON ? t('ban.noReason') : reason;
}
