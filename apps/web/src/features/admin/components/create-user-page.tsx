/**
 * @module /admin/users/new: an admin creates a user with an e-mail, a password (or an invitation
 * mailed to choose one), a name and a role, then lands on the new user's page. The server's password and e-mail rules are repeated
 * here so most mistakes are caught before the request; the server's answer still wins.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from '../../../lib/router';
import { z } from 'zod';
import { EmailField, NewPasswordField } from '../../../components/credential-fields';
import { FormCheckbox } from '../../../components/form-checkbox';
import { FormSelectField } from '../../../components/form-select-field';
import { FormTextField } from '../../../components/form-text-field';
import { Page } from '../../../components/page';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast';
import { useAuthClient } from '../../../lib/auth';
import { PASSWORD_RULES, passwordField, requiredEmailField, requiredNameField } from '../../../lib/credential-rules';
import { useServerForm } from '../../../lib/use-server-form';
import { createUser } from '../api/create-user';
import { KNOWN_ROLES } from './known-roles';

/** The app's reset page, where the invitation's link lands (as features/auth's; features do not import each other). */
const SET_PASSWORD_PATH = '/reset-password';
import { userPath } from './users-columns';

const schema = z
  .object({
    email: requiredEmailField,
    password: z.string(),
    name: requiredNameField,
    role: z.enum(KNOWN_ROLES),
    invite: z.boolean(),
  })
  .superRefine((values, ctx) => {
    // The password's rules hold only when the admin gives one.
    if (values.invite) return;
    const checked = passwordField.safeParse(values.password);
    if (!checked.success)
      ctx.addIssue({ code: 'custom', path: ['password'], message: checked.error.issues[0]?.message ?? '' });
  });
type CreateUserValues = z.infer<typeof schema>;

export function CreateUserPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const client = useAuthClient();
  const toast = useToast();
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { email: '', password: '', name: '', role: 'user', invite: false },
    mutationFn: ({ invite, password, ...values }: CreateUserValues) =>
      createUser(
        client,
        invite ? { ...values, sendInvitation: true, redirectTo: SET_PASSWORD_PATH } : { ...values, password },
      ),
    onSuccess: (data) => {
      if (data.user && form.getValues('invite')) toast({ message: t('create.invited', { email: data.user.email }) });
      void navigate(userPath(data.user.id));
    },
    errorFields: {
      USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email',
      INVALID_EMAIL: 'email',
      PASSWORD_TOO_SHORT: 'password',
      PASSWORD_TOO_LONG: 'password',
      YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE: 'role',
    },
  });
  const { control } = form;
  const invite = form.watch('invite');

  return (
    <Page title={t('create.title')} maxWidth="sm">
      <form onSubmit={onSubmit} noValidate>
        <EmailField control={control} name="email" label={t('fields.email')} autoComplete="off" />
        <FormTextField control={control} name="name" label={t('fields.name')} autoComplete="off" required />
        <FormCheckbox control={control} name="invite" label={t('create.invite')} />
        {invite ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('create.inviteHint')}
          </Typography>
        ) : (
          <NewPasswordField
            control={control}
            name="password"
            label={t('fields.password')}
            helperText={`${t('passwordRule', { ns: 'common', ...PASSWORD_RULES })}. ${t('create.passwordHandOver')}`}
            strength
            generate
          />
        )}
        <FormSelectField
          control={control}
          name="role"
          label={t('fields.role')}
          options={KNOWN_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        />
        <ServerError error={serverError} />
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <SubmitButton pending={pending}>{t('create.submit')}</SubmitButton>
          <Button component={RouterLink} to="/admin/users">
            {t('common:cancel')}
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
