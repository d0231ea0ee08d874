/**
 * @module Ban a user, with a reason and for how long — a usual duration, for good, or until a
 * date — after a confirmation that names them; or, when banned, see why and until when and lift
 * the ban. Banning also ends every session the user has. On the admin's own record the form is
 * replaced by the reason it is not offered (the server refuses a self-ban too).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormSelectField } from '../../../components/form-select-field';
import { FormTextField } from '../../../components/form-text-field';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast';
import { clientErrorOf } from '../../../lib/unwrap';
import { useServerForm } from '../../../lib/use-server-form';
import { useAuthClient } from '../../../lib/auth';
import { banUser } from '../api/ban-user';
import type { AdminUserDetail } from '../api/get-user';
import { useUnbanUser } from '../api/unban-user';
import { BAN_DURATIONS, banExpiresIn, type BanDuration } from './ban-durations';
import { banReasonText } from './ban-reason';
import { formatDateTime } from '../../../lib/format-date';

const schema = z
  .object({
    banReason: z.string().max(500),
    duration: z.enum(Object.keys(BAN_DURATIONS) as [BanDuration, ...BanDuration[]]),
    until: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.duration !== 'until') return;
    if (!values.until || Number.isNaN(new Date(values.until).getTime()))
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'validation.required' });
    else if ((banExpiresIn('until', values.until) ?? 0) <= 0)
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'admin:ban.untilInPast' });
  });
type BanValues = z.infer<typeof schema>;

export function BanForm({ user, isYou }: { user: AdminUserDetail; isYou: boolean }) {
  const { t } = useTranslation('admin');
  if (user.banned) return <BanState user={user} />;
  if (isYou) return <Alert severity="info">{t('self.ban')}</Alert>;
  return <BanUserForm userId={user.id} email={user.email} />;
}

function BanState({ user }: { user: AdminUserDetail }) {
  const { t, i18n } = useTranslation('admin');
  const unban = useUnbanUser();
  const toast = useToast();
  const until = user.banExpires ? formatDateTime(user.banExpires, i18n.language) : null;
  return (
    <>
      <Alert severity="warning" sx={{ mb: 2 }}>
        <div>{until ? t('ban.bannedUntil', { until }) : t('ban.bannedForGood')}</div>
        <div>{t('ban.reason', { reason: banReasonText(t, user.banReason) })}</div>
      </Alert>
      <ServerError error={clientErrorOf(unban.error)} />
      <Button
        variant="outlined"
        disabled={unban.isPending}
        aria-busy={unban.isPending}
        startIcon={unban.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        onClick={() =>
          unban.mutate(
            { userId: user.id },
            { onSuccess: () => toast({ message: t('ban.lifted', { email: user.email }) }) },
          )
        }
      >
        {t('ban.unban')}
      </Button>
    </>
  );
}

function BanUserForm({ userId, email }: { userId: string; email: string }) {
  const { t } = useTranslation('admin');
  const client = useAuthClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { banReason: '', duration: 'never', until: '' },
    mutationFn: (values: BanValues) =>
      banUser(client, {
        userId,
        banReason: values.banReason.trim() || undefined,
        banExpiresIn: banExpiresIn(values.duration, values.until),
      }),
    onSuccess: () => toast({ message: t('ban.done', { email }) }),
  });
  const duration = form.watch('duration');
  // The form is checked first, so the dialog never asks about a ban the form would refuse; the
  // confirmed submit then runs (and shows its progress and any refusal) in the form itself.
  const askToConfirm = form.handleSubmit(() => setConfirming(true));

  // The dialog sits beside the form, not in it: its own form's submit would bubble through the
  // portal to this one in React's tree.
  return (
    <>
      <form onSubmit={askToConfirm} noValidate>
        <FormTextField
          control={form.control}
          name="banReason"
          label={t('ban.reasonLabel')}
          multiline
          minRows={2}
          helperText={t('ban.reasonHelp')}
        />
        <FormSelectField
          control={form.control}
          name="duration"
          label={t('ban.duration')}
          options={Object.keys(BAN_DURATIONS).map((name) => ({ value: name, label: t(`ban.durations.${name}`) }))}
        />
        {duration === 'until' && (
          <FormTextField
            control={form.control}
            name="until"
            label={t('ban.until')}
            type="datetime-local"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
        <ServerError error={serverError} />
        <SubmitButton pending={pending} color="error" sx={{ mt: 1 }}>
          {t('ban.submit')}
        </SubmitButton>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('ban.confirmTitle')}
        text={t('ban.confirmText', { email })}
        confirmLabel={t('ban.confirm')}
        pending={false}
        onConfirm={() => {
          setConfirming(false);
          void onSubmit();
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
