/**
 * @module `/device` (RFC 8628 §3.3): where a device (a TV, a command-line tool) sends its user to
 * let it act for them. The user types the code the device shows, or arrives with it in
 * `?user_code=` (the device's `verification_uri_complete`); signed out, they sign in and come back
 * here with the code kept. Looking the code up claims the request for this account; the page then
 * names the application, shows the code again to be checked against the device's screen (§5.4: a
 * code sent by someone else must not be approved unread), says in plain words what it would be
 * allowed and for which account (and organization), and sends Approve or Deny. Either way the user is told to return
 * to their device, which learns the answer on its next poll.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ClientError } from '@latchkey/client';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from '../../../lib/router';
import { z } from 'zod';
import { CardPage } from '../../../components/page';
import { FormTextField } from '../../../components/form-text-field';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useSession } from '../../../lib/auth';
import { signInPath } from '../../../lib/safe-redirect';
import { clientErrorOf } from '../../../lib/unwrap';
import { useAnswerDevice, useDeviceRequest, type DeviceRequest } from '../api/device-request';
import { tidyUserCode } from '../user-code';
import { AccountSummary, type SessionUser } from './account-summary';
import { ActingOrganizationNote } from './acting-organization';
import { ApplicationSummary, applicationName } from './application-summary';
import { ScopeList } from './scope-list';
import { Waiting } from './waiting';

type ShownError = Pick<ClientError, 'code' | 'message'>;

/** A request already approved or denied (from this page or another tab) is not shown again. */
const ALREADY_ANSWERED: ShownError = {
  code: 'DEVICE_CODE_ALREADY_PROCESSED',
  message: 'Device code already processed',
};

export function DevicePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const userCode = tidyUserCode(searchParams.get('user_code') ?? '');
  const session = useSession();
  const request = useDeviceRequest(session.data && userCode ? userCode : null);

  // The same code again (after an error) asks the server again; another one is a new address.
  const enter = (code: string) => {
    if (code === userCode) void request.refetch();
    else setSearchParams({ user_code: code });
  };

  if (!userCode) return <CodeStep onCode={enter} />;
  if (session.isPending) return <Waiting />;
  if (!session.data) return <Navigate to={signInPath(devicePath(userCode))} replace />;
  if (request.isPending) return <Waiting />;
  if (request.isError || request.data.status !== 'pending') {
    return (
      <CodeStep
        key={userCode}
        initialCode={userCode}
        error={request.isError ? clientErrorOf(request.error) : ALREADY_ANSWERED}
        pending={request.isFetching}
        onCode={enter}
      />
    );
  }
  return <RequestStep key={userCode} request={request.data} user={session.data.user} />;
}

function devicePath(userCode: string): string {
  return `/device?user_code=${encodeURIComponent(userCode)}`;
}

const codeSchema = z.object({
  code: z.string().refine((code) => tidyUserCode(code) !== '', 'validation.required'),
});

interface CodeStepProps {
  initialCode?: string;
  error?: ShownError | null | undefined;
  pending?: boolean;
  onCode(code: string): void;
}

function CodeStep({ initialCode = '', error, pending = false, onCode }: CodeStepProps) {
  const { t } = useTranslation('oauth');
  const form = useForm<z.infer<typeof codeSchema>>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: initialCode },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  return (
    <CardPage title={t('device.title')}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('device.intro')}
      </Typography>
      <Box component="form" noValidate onSubmit={form.handleSubmit(({ code }) => onCode(tidyUserCode(code)))}>
        <FormTextField
          control={form.control}
          name="code"
          label={t('device.codeLabel')}
          autoComplete="off"
          slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
          autoFocus
          required
          fullWidth
        />
        <ServerError error={error} />
        <SubmitButton pending={pending} fullWidth sx={{ mt: 2 }}>
          {t('device.continue')}
        </SubmitButton>
      </Box>
    </CardPage>
  );
}

function RequestStep({ request, user }: { request: DeviceRequest; user: SessionUser }) {
  const { t } = useTranslation('oauth');
  const answer = useAnswerDevice(request.userCode);
  const name = applicationName(request.application);

  if (answer.isSuccess) {
    const approved = answer.variables === 'approve';
    return (
      <CardPage title={t(approved ? 'device.approvedTitle' : 'device.deniedTitle')}>
        <Alert severity={approved ? 'success' : 'info'} role="status">
          {t(approved ? 'device.approvedText' : 'device.deniedText', { name })}
        </Alert>
      </CardPage>
    );
  }
  return (
    <CardPage title={t('device.requestTitle', { name })}>
      <Stack spacing={2}>
        <ApplicationSummary application={request.application} />
        <Box>
          <Typography variant="body2">{t('device.checkCode')}</Typography>
          <Typography
            component="p"
            variant="h5"
            data-user-code
            sx={{ fontFamily: 'monospace', letterSpacing: '0.15em', mt: 0.5 }}
          >
            {request.userCode}
          </Typography>
        </Box>
        <ScopeList name={name} scopes={request.scopes} />
        <AccountSummary user={user}>
          <ActingOrganizationNote name={name} scopes={request.scopes} />
        </AccountSummary>
        <ServerError error={clientErrorOf(answer.error)} />
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end' }}>
          <SubmitButton
            type="button"
            variant="outlined"
            pending={answer.isPending && answer.variables === 'deny'}
            disabled={answer.isPending}
            onClick={() => answer.mutate('deny')}
          >
            {t('consent.deny')}
          </SubmitButton>
          <SubmitButton
            type="button"
            pending={answer.isPending && answer.variables === 'approve'}
            disabled={answer.isPending}
            onClick={() => answer.mutate('approve')}
          >
            {t('device.approve')}
          </SubmitButton>
        </Box>
        <Link component={RouterLink} to="/device" variant="body2">
          {t('device.otherCode')}
        </Link>
      </Stack>
    </CardPage>
  );
}
