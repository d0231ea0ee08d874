/**
 * @module Running the enabled plugins' hooks from core routes.
 */
import type { AuthContext, OrganizationFacts, SignInAttempt, SignInContinuation, SignInRequest } from '../auth/context';
import type { Session, User } from '../db/records';
import type { EndedSession } from '../db/session-store';
import type { EventActor } from '../events/event-actor';
import { pluginBodyFields } from './body-fields';
import type { ExtensibleEndpointId } from './define-plugin';
import type { CurrentSession } from '../session/current-session';

/** The plugin columns a sign-up (`userId` null) or update-user body asks for, checked by their plugins. */
export async function pluginUserInput(
  auth: AuthContext,
  endpointId: ExtensibleEndpointId,
  body: Record<string, unknown>,
  userId: string | null,
): Promise<Record<string, unknown>> {
  const input = pluginBodyFields(auth.options.plugins, endpointId, body);
  const columns: Record<string, unknown> = {};
  for (const hooks of auth.hooks) {
    if (hooks.userInput) Object.assign(columns, await hooks.userInput(input, { auth, userId }));
  }
  return columns;
}

/** The answer the first plugin gives in a sign-in's session's stead, or undefined: create the session. */
export async function interceptSignIn(signIn: SignInAttempt): Promise<Record<string, unknown> | undefined> {
  for (const hooks of signIn.auth.hooks) {
    const answer = await hooks.interceptSignIn?.(signIn);
    if (answer) return answer;
  }
  return undefined;
}

export async function beforeCreateSession(auth: AuthContext, user: User): Promise<void> {
  for (const hooks of auth.hooks) await hooks.beforeCreateSession?.(user, auth);
}

export async function afterUserCreated(auth: AuthContext, user: User): Promise<void> {
  for (const hooks of auth.hooks) await hooks.afterUserCreated?.(user, auth);
}

/** The address of `user` (as stored now, verified) has just been proved: the plugins act on it. */
export async function afterEmailVerified(auth: AuthContext, user: User): Promise<void> {
  for (const hooks of auth.hooks) await hooks.afterEmailVerified?.(user, auth);
}

export async function afterPasswordChanged(
  auth: AuthContext,
  userId: string,
  change: { revokeOthers: boolean },
): Promise<void> {
  for (const hooks of auth.hooks) await hooks.afterPasswordChanged?.(userId, change, auth);
}

/** Sessions were deleted (db/session-store.ts): each plugin ends what it handed out in them. */
export async function afterSessionsEnded(auth: AuthContext, sessions: readonly EndedSession[]): Promise<void> {
  for (const hooks of auth.hooks) {
    try {
      await hooks.afterSessionsEnded?.(sessions, auth);
    } catch (error) {
      // The sessions are gone whatever a plugin's cleanup does: failing the route would answer an
      // error for a sign-out that happened.
      auth.logger.error({ err: error }, 'afterSessionsEnded hook failed');
    }
  }
}

/**
 * The user row goes, inside the transaction of the plugin that guards its deletion if there is
 * one. False when that guard found no such user; without one, true.
 */
export async function deleteUserRow(auth: AuthContext, userId: string): Promise<boolean> {
  const guard = auth.hooks.find((hooks) => hooks.guardUserDeletion)?.guardUserDeletion?.(userId, auth);
  if (!guard) {
    await auth.users.delete(userId);
    return true;
  }
  const found = await guard(async (trx) => {
    await trx.deleteFrom('user').where('id', '=', userId).execute();
  });
  // Deleted inside the guard's lock rather than through the user store: its cookie caches must
  // stop being believed all the same (session/revocations.ts).
  await auth.revocations.revokeUser(userId);
  return found;
}

/** Lets every plugin refuse a change of the account's ways to sign in to this session (throws). */
export async function checkCredentialChange(auth: AuthContext, current: CurrentSession): Promise<void> {
  for (const hooks of auth.hooks) await hooks.beforeCredentialChange?.(current, auth);
}

/** Who acts through the session, when a plugin says it is not the owner; else undefined. */
export function sessionActorOf(auth: AuthContext, current: CurrentSession): EventActor | undefined {
  for (const hooks of auth.hooks) {
    const actorUserId = hooks.sessionActor?.(current);
    if (actorUserId && actorUserId !== current.user.id) return { sessionUserId: current.user.id, actorUserId };
  }
  return undefined;
}

export function visibleSessions(auth: AuthContext, sessions: Session[], viewer: CurrentSession): Session[] {
  return auth.hooks.reduce((shown, hooks) => hooks.visibleSessions?.(shown, viewer) ?? shown, sessions);
}

/**
 * Whether a plugin's access control grants the session's user every action asked for: the first
 * plugin that answers decides; none answering is a refusal (no plugin, no permission).
 */
export async function sessionHasPermission(
  auth: AuthContext,
  current: CurrentSession,
  permissions: Readonly<Record<string, readonly string[]>>,
): Promise<boolean> {
  for (const hooks of auth.hooks) {
    const answer = await hooks.hasPermission?.(current, permissions, auth);
    if (answer !== undefined) return answer;
  }
  return false;
}

/** Whether some plugin keeps organizations (answers `organizationFacts`). */
export function keepsOrganizations(auth: AuthContext): boolean {
  return auth.hooks.some((hooks) => hooks.organizationFacts !== undefined);
}

/**
 * The user's organizations, and the one `session` acts for, as the plugin that keeps them answers
 * (`PluginHooks.organizationFacts`); null when no plugin does.
 */
export async function userOrganizations(
  auth: AuthContext,
  userId: string,
  session: CurrentSession | null = null,
): Promise<OrganizationFacts | null> {
  for (const hooks of auth.hooks) {
    const answer = await hooks.organizationFacts?.(userId, session, auth);
    if (answer) return answer;
  }
  return null;
}

/** The first plugin's continuation of a POST's sign-in, or its refusal of the call (`signInContinuation`). */
export async function signInContinuation(
  auth: AuthContext,
  body: unknown,
  request: SignInRequest,
): Promise<SignInContinuation | Response | undefined> {
  for (const hooks of auth.hooks) {
    const answer = await hooks.signInContinuation?.(body, request, auth);
    if (answer) return answer;
  }
  return undefined;
}

/** The continuation a plugin rebuilds from its `resumable` form after a provider's round trip. */
export async function resumeSignInContinuation(
  auth: AuthContext,
  resumable: string,
  request: SignInRequest,
): Promise<SignInContinuation | undefined> {
  for (const hooks of auth.hooks) {
    const answer = await hooks.resumeSignInContinuation?.(resumable, request, auth);
    if (answer) return answer;
  }
  return undefined;
}
