/**
 * @module Role names in the user's language. A member's role may list several roles
 * (comma-joined); a role the app does not know (a custom role table) shows as stored.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { memberRoles } from '../lib/member-permissions';

export function useRoleLabel(): (role: string | null | undefined) => string {
  const { t } = useTranslation('organization');
  return useCallback(
    (role) =>
      memberRoles(role)
        .map((name) => t(`roles.${name}`, { defaultValue: name }))
        .join(', '),
    [t],
  );
}
