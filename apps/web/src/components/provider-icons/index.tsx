/**
 * @module A sign-in method's icon by provider id: the brand mark of one of SPEC §1's providers, a
 * password field for password accounts ('credential'), and a key for the generic OpenID Connect
 * provider (whose id the deployment chooses) and any other id.
 */
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import { BRAND_MARKS, KEY_MARK, PASSWORD_MARK } from './brand-marks';

export function ProviderIcon({ providerId, ...props }: { providerId: string } & SvgIconProps) {
  const brand = Object.hasOwn(BRAND_MARKS, providerId) ? BRAND_MARKS[providerId] : undefined;
  const kind = brand ? providerId : providerId === 'credential' ? 'credential' : 'generic';
  return (
    <SvgIcon viewBox="0 0 24 24" aria-hidden {...props} data-provider-icon={kind}>
      {brand ?? (kind === 'credential' ? PASSWORD_MARK : KEY_MARK)}
    </SvgIcon>
  );
}
