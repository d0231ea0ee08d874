/**
 * A signed-out invitee, against a real server (issue #32 item 16): the sign-in and sign-up screens
 * reached from the invitation link say who invites them where and fill in the invited address; the
 * new account, once verified, accepts. A link to an invitation that is gone shows nothing of it.
 */
import '../support/dom';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import authText from '../../src/locales/en/auth.json';
import { renderApp, useTestServer } from '../support/render-app';
import { toastSaying } from '../support/toast';
import { createAppAuth } from '../../src/lib/auth';
import { PASSWORD, cookieFetch, uniqueEmail, verifyAddressByMail } from '../support/test-server';
import { createOrganization, signUp } from './organization-fixtures';

const server = useTestServer({ sendVerificationOnSignUp: true });

const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((out, [key, value]) => out.replace(`{{${key}}}`, value), text);

async function invite(organizationName: string) {
  const owner = await signUp(server, 'Olga');
  const organization = await createOrganization(owner, organizationName);
  const email = uniqueEmail('invitee');
  const invited = await owner.auth.client.organization.inviteMember({
    email,
    role: 'member',
    organizationId: organization.id,
  });
  if (invited.error || !invited.data) throw new Error(invited.error?.code);
  return { owner, organization, email, id: invited.data.id };
}

describe('the invitation on sign-in and sign-up', () => {
  it('says who invites whom where, fills in the address, and the new account accepts once verified', async () => {
    const { organization, email, id } = await invite('Zeta Labs');
    const invitationPath = `/invitations/${id}`;
    const user = userEvent.setup({ document });

    const { router, auth } = renderApp(server, invitationPath);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    const notice = await screen.findByTestId('invitation-notice');
    expect(notice.textContent).toBe(
      fill(authText.invitationNotice.titleBy, { organization: 'Zeta Labs', inviter: 'Olga' }) +
        fill(authText.invitationNotice.signIn, { email }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText(new RegExp(`^${authText.signIn.identifier}`)) as HTMLInputElement).value).toBe(
        email,
      ),
    );

    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-up'));
    // Sign-up loads on first visit: until it renders, the sign-in's notice is still on screen.
    await waitFor(() =>
      expect(screen.getByTestId('invitation-notice').textContent).toBe(
        fill(authText.invitationNotice.titleBy, { organization: 'Zeta Labs', inviter: 'Olga' }) +
          fill(authText.invitationNotice.signUp, { email }),
      ),
    );
    await waitFor(() => expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe(email));

    for (const [label, value] of [
      [/^Name/, 'Nina Newcomer'],
      [/^Password/, PASSWORD],
      [/^Repeat the password/, PASSWORD],
    ] as const) {
      await user.click(screen.getByLabelText(label));
      await user.paste(value);
    }
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await screen.findByRole('link', { name: 'Continue' });
    const { data: session } = await auth.client.getSession();
    expect(session?.user.email).toBe(email);

    await verifyAddressByMail(server, email);
    cleanup();
    const again = renderApp(server, invitationPath, { auth });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(again.router.state.location.pathname).toBe(`/organizations/${organization.slug}/members`),
    );
    await toastSaying('You joined Zeta Labs.');
    const { data } = await auth.client.organization.list();
    expect(data?.map((o: { id: string }) => o.id)).toEqual([organization.id]);
  }, 90_000);

  it('a link to a canceled invitation shows no invitation and fills in nothing', async () => {
    const { owner, id } = await invite('Gone Corp');
    const canceled = await owner.auth.client.organization.cancelInvitation({ invitationId: id });
    expect(canceled.error).toBeNull();
    // The preview's answer is watched, so its absence is asserted after it came, not before.
    const answers: number[] = [];
    const jar = cookieFetch(server.baseURL);
    const auth = createAppAuth({
      baseURL: server.baseURL,
      fetch: async (input, init) => {
        const response = await jar(input, init);
        if (String(input instanceof Request ? input.url : input).includes('/invitation-preview'))
          answers.push(response.status);
        return response;
      },
    });
    renderApp(server, `/sign-up?redirectTo=${encodeURIComponent(`/invitations/${id}`)}`, { auth });
    await screen.findByLabelText(/^Name/);
    await waitFor(() => expect(answers).toEqual([400]));
    await act(async () => {});
    expect(screen.queryByTestId('invitation-notice')).toBeNull();
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('');
  });
});
