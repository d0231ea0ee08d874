/**
 * @module The user's platform roles: one or several (the server stores them comma-joined). Roles
 * the server knows but this console does not offer are listed too, so saving keeps them. On the
 * admin's own record the form is shown disabled, with the reason: taking one's own admin role away
 * closes the console under one's feet (and the last admin's is refused by the server anyway).
 */
import Alert from '@mui/material/Alert';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormSelectField } from '../../../components/form-select-field';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast';
import { rolesOf } from '../../../lib/roles';
import { useServerForm } from '../../../lib/use-server-form';
import { useSetRole } from '../api/set-role';
import { KNOWN_ROLES } from './known-roles';

const schema = z.object({ roles: z.array(z.string()).min(1, 'validation.required') });
type RoleValues = z.infer<typeof schema>;

/** The roles the form shows for a stored role: none stored reads as the plain user the server takes it for. */
function shownRoles(role: string | null | undefined): string[] {
  const roles = rolesOf(role);
  return roles.length > 0 ? roles : ['user'];
}

export function RoleForm({ userId, role, isYou }: { userId: string; role: string | null | undefined; isYou: boolean }) {
  const { t } = useTranslation('admin');
  const setRole = useSetRole();
  const reasonId = useId();
  const toast = useToast();
  const options = [...new Set<string>([...KNOWN_ROLES, ...rolesOf(role)])];
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { roles: shownRoles(role) },
    mutationFn: ({ roles }: RoleValues) => setRole({ userId, role: roles.length === 1 ? roles[0]! : roles }),
    onSuccess: () => toast({ message: t('role.saved') }),
    errorFields: { YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE: 'roles' },
  });
  // The role changed on the server (saved here, or by another admin): show what it is now.
  const { reset } = form;
  useEffect(() => reset({ roles: shownRoles(role) }), [role, reset]);
  const label = (name: string) => t(`roles.${name}`, { defaultValue: name });

  return (
    <form onSubmit={onSubmit} noValidate>
      {isYou && (
        <Alert id={reasonId} severity="info" sx={{ mb: 2 }}>
          {t('self.role')}
        </Alert>
      )}
      <FormSelectField
        control={form.control}
        name="roles"
        label={t('fields.role')}
        disabled={isYou}
        options={options.map((name) => ({ value: name, label: label(name) }))}
        slotProps={{ select: { multiple: true, renderValue: (value) => (value as string[]).map(label).join(', ') } }}
      />
      <ServerError error={serverError} />
      <SubmitButton pending={pending} disabled={isYou} aria-describedby={isYou ? reasonId : undefined}>
        {t('role.submit')}
      </SubmitButton>
    </form>
  );
}
