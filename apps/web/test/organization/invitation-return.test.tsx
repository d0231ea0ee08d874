/**
 * An invitee without an account, against a real server: the invitation link sends them to sign-in,
 * "Sign up" keeps the way back, sign-up's "Continue" returns to the invitation, where the
 * unverified address gets a "Resend verification mail" button; the mailed links lead back to the
 * invitation through the verify-email page, and accepting lands on the organization's members with
 * "You joined …". Return addresses are paths of this app only: anything else is dropped.
 */
import '../support/dom';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import organizationText from '../../src/locales/en/organization.json';
import { renderApp, useTestServer } from '../support/render-app';
import { toastSaying } from '../support/toast';
import { PASSWORD, uniqueEmail } from '../support/test-server';
import { createOrganization, signUp } from './organization-fixtures';

const server = useTestServer({ sendVerificationOnSignUp: true });

/** The callbackURL of the newest verification link mailed to `email`, and the link itself. */
function newestVerificationLink(email: string): { link: string; callbackURL: string | null } {
  const link = server.outbox
    .list()
    .find((mail) => mail.to === email && mail.links.some((l) => l.includes('/verify-email?token=')))
    ?.links.find((l) => l.includes('/verify-email?token='));
  if (!link) throw new Error(`no verification mail for ${email}`);
  return { link, callbackURL: new URL(link).searchParams.get('callbackURL') };
}

/** Fills the sign-up form (pasted: typing each character is slow, and the form has its own tests). */
async function fillSignUp(user: ReturnType<typeof userEvent.setup>, name: string, email: string): Promise<void> {
  for (const [label, value] of [
    [/^Name/, name],
    [/^E-mail/, email],
    [/^Password/, PASSWORD],
    [/^Repeat the password/, PASSWORD],
  ] as const) {
    const field = (await screen.findByLabelText(label)) as HTMLInputElement;
    // The invited address comes filled in (#32 item 16).
    if (field.value === value) continue;
    await user.click(field);
    await user.paste(value);
  }
}

/** Where the "Sign in" links go: the header's, and the page's own. */
function signInHrefs(): (string | null)[] {
  return screen.getAllByRole('link', { name: 'Sign in' }).map((link) => link.getAttribute('href'));
}

describe('an invitee without an account', () => {
  it('signs up, verifies and comes back to the invitation; accepting says "You joined …"', async () => {
    const owner = await signUp(server, 'Olga');
    const organization = await createOrganization(owner, 'Initech');
    const email = uniqueEmail('newcomer');
    const invited = await owner.auth.client.organization.inviteMember({
      email,
      role: 'member',
      organizationId: organization.id,
    });
    if (invited.error || !invited.data) throw new Error(invited.error?.code);
    const invitationPath = `/invitations/${invited.data.id}`;
    const user = userEvent.setup({ document });

    const { router, auth } = renderApp(server, invitationPath);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    await user.click(await screen.findByRole('link', { name: 'Sign up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-up'));
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(invitationPath);

    await fillSignUp(user, 'Nina Newcomer', email);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    // The sign-up mail's link leads to the verify-email page, which leads back to the invitation.
    const expectedCallback = `/verify-email?verified=1&redirectTo=${encodeURIComponent(invitationPath)}`;
    await waitFor(() => expect(newestVerificationLink(email).callbackURL).toBe(expectedCallback));

    await user.click(await screen.findByRole('link', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(invitationPath));
    const resend = await screen.findByRole('button', { name: organizationText.invitationReturn.resend });
    expect(screen.getByText(organizationText.invitation.verifyFirst.replace('{{email}}', email))).toBeTruthy();
    const mailsBefore = server.outbox.list().length;
    await user.click(resend);
    expect((await screen.findByRole('status')).textContent).toBe(
      organizationText.invitationReturn.resent.replace('{{email}}', email),
    );
    expect(server.outbox.list().length).toBe(mailsBefore + 1);
    const { link, callbackURL } = newestVerificationLink(email);
    expect(callbackURL).toBe(expectedCallback);

    // The browser follows the mailed link: the server verifies, then redirects to the app's page.
    const verified = await auth.fetch(link, { redirect: 'manual' });
    const landing = new URL(verified.headers.get('location') ?? '', server.baseURL);
    expect(landing.pathname).toBe('/verify-email');
    expect(landing.searchParams.get('error')).toBeNull();
    cleanup();

    const again = renderApp(server, landing.pathname + landing.search, { auth });
    await user.click(await screen.findByRole('link', { name: 'Continue' }));
    await waitFor(() => expect(again.router.state.location.pathname).toBe(invitationPath));
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(again.router.state.location.pathname).toBe(`/organizations/${organization.slug}/members`),
    );
    await toastSaying('You joined Initech.');
    expect(await screen.findByRole('table', { name: 'Members' })).toBeTruthy();
    const { data } = await auth.client.organization.list();
    expect(data?.map((o: { id: string }) => o.id)).toEqual([organization.id]);
    // A whole journey over five screens: more than the default 30 s when both cores are busy.
  }, 90_000);

  it.each(['https://evil.example/', '/\t/evil.example/'])(
    'a return address %j that leaves the app is dropped: sign-up and its mail lead to the account',
    async (target) => {
      const email = uniqueEmail('stray');
      const user = userEvent.setup({ document });
      renderApp(server, `/sign-in?redirectTo=${encodeURIComponent(target)}`);
      expect((await screen.findByRole('link', { name: 'Sign up' })).getAttribute('href')).toBe('/sign-up');
      cleanup();

      renderApp(server, `/sign-up?redirectTo=${encodeURIComponent(target)}`);
      await screen.findByLabelText(/^Name/);
      expect(signInHrefs()).toEqual(['/sign-in', '/sign-in']);
      await fillSignUp(user, 'Stray', email);
      await user.click(screen.getByRole('button', { name: 'Sign up' }));
      const next = await screen.findByRole('link', { name: 'Continue to your account' });
      expect(next.getAttribute('href')).toBe('/account');
      expect(newestVerificationLink(email).callbackURL).toBe('/verify-email?verified=1');
      cleanup();

      renderApp(server, `/verify-email?verified=1&redirectTo=${encodeURIComponent(target)}`);
      await screen.findByRole('status');
      expect(signInHrefs()).toEqual(['/sign-in', '/sign-in']);
    },
  );
});
