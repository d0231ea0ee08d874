/**
 * @module People and organizations for the organization screens' tests, made through the API as
 * the app would make them: sign-up, e-mail verification through the outbox link (accepting an
 * invitation needs a verified address), an organization, and a member added by invitation.
 */
import { createTestAuth } from '../support/render-app';
import { PASSWORD, uniqueEmail, type TestServer } from '../support/test-server';
import type { AppAuth } from '../../src/lib/auth';

export interface TestUser {
  auth: AppAuth;
  name: string;
  email: string;
}

export async function signUp(server: TestServer, name: string): Promise<TestUser> {
  const auth = createTestAuth(server);
  const email = uniqueEmail(name.toLowerCase());
  const { error } = await auth.client.signUp.email({ name, email, password: PASSWORD });
  if (error) throw new Error(`sign-up failed: ${error.code}`);
  return { auth, name, email };
}

export async function verifyEmail(server: TestServer, user: TestUser): Promise<void> {
  await user.auth.client.sendVerificationEmail({ email: user.email });
  const link = server.outbox
    .list()
    .find((mail) => mail.to === user.email)
    ?.links.find((l) => l.includes('/verify-email'));
  if (!link) throw new Error(`no verification mail for ${user.email}`);
  const response = await user.auth.fetch(link);
  if (!response.ok) throw new Error(`verification failed: ${response.status}`);
}

export async function createOrganization(
  owner: TestUser,
  name: string,
): Promise<{ id: string; name: string; slug: string }> {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
  const { data, error } = await owner.auth.client.organization.create({ name, slug });
  if (error || !data) throw new Error(`create failed: ${error?.code}`);
  return { id: data.id, name: data.name, slug: data.slug };
}

/** Invites `member` (verified first) and has them accept: a member with `role`. */
export async function addMember(
  server: TestServer,
  owner: TestUser,
  organizationId: string,
  member: TestUser,
  role: string,
): Promise<string> {
  await verifyEmail(server, member);
  const invited = await owner.auth.client.organization.inviteMember({ email: member.email, role, organizationId });
  if (invited.error || !invited.data) throw new Error(`invite failed: ${invited.error?.code}`);
  const accepted = await member.auth.client.organization.acceptInvitation({ invitationId: invited.data.id });
  if (accepted.error || !accepted.data) throw new Error(`accept failed: ${accepted.error?.code}`);
  return accepted.data.member.id;
}

/** The text that describes an input (its helper text), as a screen reader reads it after the label. */
export function descriptionOf(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}
