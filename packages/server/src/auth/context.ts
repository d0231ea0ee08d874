/**
 * @module What every endpoint and guard is given: the resolved options, the stores and the clock.
 * Built once by `createAuth`.
 */
import type { Kysely } from 'kysely';
import type { BackgroundTasks } from './background-tasks';
import type { TokenCipher } from '../crypto/token-cipher';
import type { AccountStore } from '../db/account-store';
import type { ProviderAccountStore } from '../db/provider-account-store';
import type { Database, Dialect } from '../db/schema';
import type { EndedSession, SessionStore } from '../db/session-store';
import type { UserStore } from '../db/user-store';
import type { VerificationStore } from '../db/verification-store';
import type { Mailer } from '../mail/mailer';
import type { ExtraFields } from '../db/extra-fields';
import type { AuthEvent, EventSink } from '../events/observer';
import type { Logger, ResolvedOptions } from './options';
import type { Session, User } from '../db/records';
import type { CurrentSession } from '../session/current-session-record';
import type { SessionRevocations } from '../session/revocations';
import type { BatchedCounts } from '../storage/batched-counts';
import type { KeyValueStore } from '../storage/key-value-store';
import type { PluginHost, PluginSignInAttempt } from '../plugin/plugin-host';
import type { RequestHeaders } from '../http/transport';

/** What plugins are handed is this object, typed as the narrower PluginHost. */
export interface AuthContext extends PluginHost {
  readonly options: ResolvedOptions;
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  readonly users: UserStore;
  readonly sessions: SessionStore;
  readonly accounts: AccountStore;
  /** Accounts of external identity providers, their tokens encrypted at rest. */
  readonly providerAccounts: ProviderAccountStore;
  /** Encrypts what must stay usable but never rest in clear: provider tokens, OAuth states. */
  readonly tokenCipher: TokenCipher;
  readonly verifications: VerificationStore;
  /** Users whose sessions were deleted lately: their cookie caches are no longer believed. */
  readonly revocations: SessionRevocations;
  /** Absent: the flows that mail links answer their "isn't enabled" errors. */
  readonly mailer: Mailer | undefined;
  readonly kv: KeyValueStore;
  /** The ordinary rate limit's counts, kept in memory and shared in batches when `kv` is shared. */
  readonly rateCounts: BatchedCounts | undefined;
  readonly logger: Logger;
  /** Security events and request records, to the observers of the options (events/observer.ts). */
  readonly events: EventSink;
  readonly background: BackgroundTasks;
  /** The columns enabled plugins add to user and session. */
  readonly fields: ExtraFields;
  /** The enabled plugins' hooks, in plugin order. */
  readonly hooks: readonly PluginHooks[];
  now(): Date;
}

/** A sign-in whose credentials checked out, its session not yet created (`interceptSignIn`). */
export interface SignInAttempt extends PluginSignInAttempt {
  readonly auth: AuthContext;
}

/**
 * Runs `write` inside a transaction the caller opens (and checks in), with the caller's own typed
 * handle of it; answers false when it did not run it (the row it guards is gone). The engine's
 * writes take it (plugin/host.ts), so a plugin's guard holds its locks while the engine writes.
 */
export type GuardedWrite<DB> = (write: (trx: Kysely<DB>) => Promise<void>) => Promise<boolean>;

/**
 * A GuardedWrite over any plugin's view of the database (the core tables with its own): declared
 * through a method, whose parameters TypeScript compares both ways, since each plugin's typed
 * handle is a different type of the same database.
 */
export type AnyGuardedWrite = {
  guard(write: (trx: Kysely<Database>) => Promise<void>): Promise<boolean>;
}['guard'];

/**
 * Declared beside the context its hooks receive. The engine calls them with the whole context; a
 * plugin sees only the part the contract gives it (plugin/plugin-host.ts).
 */
export interface PluginHooks {
  /**
   * The plugin's own fields of a sign-up (`userId` null) or update-user body, already validated by
   * the schema: check them (throw an AuthError), normalise them, and return the columns to store.
   */
  userInput?(
    input: Record<string, unknown>,
    context: { auth: PluginHost; userId: string | null },
  ): Promise<Record<string, unknown>>;
  /**
   * Runs when a password sign-in (e-mail, username) has checked the password, before its session
   * is created: answer something to send in the session's stead (a second step, say), or nothing
   * to let the session be created. The first plugin that answers decides. It may set cookies.
   */
  interceptSignIn?(signIn: PluginSignInAttempt): Promise<Record<string, unknown> | undefined>;
  /** Runs before every session is created, whatever the way in: throw an AuthError to refuse. */
  beforeCreateSession?(user: User, auth: PluginHost): Promise<void>;
  /** Runs once a user row exists (sign-up, or a plugin's own user creation), before it is answered. */
  afterUserCreated?(user: User, auth: PluginHost): Promise<void>;
  /**
   * Runs once an existing user's address has just become verified: its verification link was
   * followed, or a provider trusted to vouch for addresses asserted it at sign-in. A user created
   * with a verified address is told only through `afterUserCreated` (its `emailVerified`).
   */
  afterEmailVerified?(user: User, auth: PluginHost): Promise<void>;
  /**
   * Guards the deletion of a user row (POST /delete-user, its mailed link, the admin's
   * remove-user): the transaction the engine deletes the row in, which may lock and check first
   * (the admin plugin keeps the last admin) and throw an AuthError to refuse. The first plugin
   * that declares it guards.
   */
  guardUserDeletion?(userId: string, auth: PluginHost): AnyGuardedWrite;
  /**
   * Runs once the user's password was replaced: by a mailed reset (POST /reset-password) or by the
   * user (POST /change-password), `revokeOthers` when whoever held other access must lose it (a
   * reset always, a change with revokeOtherSessions). A plugin ends the access it keeps itself
   * (trusted browsers, say), which the engine's revocation of sessions does not reach.
   */
  afterPasswordChanged?(userId: string, change: { revokeOthers: boolean }, auth: PluginHost): Promise<void>;
  /**
   * Runs once sessions were deleted, by whatever route or plugin (sign-out, revoke-session(s),
   * an admin's revocation or ban, a password reset or change that ends the others, a session found
   * expired when read): their ids and users, after the rows and their cookie caches are gone. A
   * plugin ends the access it handed out in them (an OAuth provider's session-bound tokens, its
   * relying parties told by back-channel logout). Awaited, so that access is gone when the route
   * answers; slow work (calls to other servers) goes to `auth.background`. What it throws is
   * logged, never answered: the sessions have ended already. A deleted user's sessions go with the
   * row (the foreign key) and are not told of; the user's own rows in a plugin's tables go the
   * same way.
   */
  afterSessionsEnded?(sessions: readonly EndedSession[], auth: PluginHost): Promise<void>;
  /**
   * Runs before an endpoint marked `credentialChange` (and a plugin's own such change): throw an
   * AuthError to refuse the session that asks (an impersonation session, say).
   */
  beforeCredentialChange?(current: CurrentSession, auth: PluginHost): Promise<void>;
  /**
   * Who really acts through this session, when not its owner (the admin of an impersonation
   * session): the events of its requests name them as actor and the owner as subject.
   */
  sessionActor?(current: CurrentSession): string | null | undefined;
  /** Narrows the sessions GET /list-sessions shows their owner (impersonation sessions, say). */
  visibleSessions?(sessions: Session[], viewer: CurrentSession): Session[];
  /**
   * Told of every security event, as the options' observers are (the audit log writes them): after
   * the fact and synchronously, so slow work must be queued (`auth.background`); what it throws is
   * logged, never answered.
   */
  event?(event: AuthEvent, auth: PluginHost): void;
  /**
   * Whether the session's user holds `permissions` (resource → actions) in the plugin's access
   * control, or undefined when it has no say: lets a plugin's route follow another's roles (the
   * oauth-provider's admin routes, the admin plugin's platform roles) without importing it. The
   * first plugin that answers decides (`sessionHasPermission`).
   */
  hasPermission?(
    current: CurrentSession,
    permissions: Readonly<Record<string, readonly string[]>>,
    auth: PluginHost,
  ): Promise<boolean | undefined>;
  /**
   * What the plugin that keeps organizations knows of a user's: the organizations they belong to
   * (their role there, and whether it grants an action), and the one `session` acts for (its active
   * organization, when it is still a member). Lets a plugin hand organizations out (the
   * oauth-provider's `organization` scope, its organization-owned clients) without importing the
   * organization plugin. The first plugin that answers decides (`userOrganizations`); undefined is
   * no say.
   */
  organizationFacts?(
    userId: string,
    session: CurrentSession | null,
    auth: PluginHost,
  ): Promise<OrganizationFacts | undefined>;
  /**
   * Runs before the handler of every POST endpoint, with its body as sent (the endpoint's schema
   * would strip a field it does not declare). Answers a continuation when the body carries a flow
   * that a sign-in resumes (the oauth-provider's `oauth_query`): should this very call create a
   * session (any way of signing in that reaches `createSession`: password, sign-up, passkey, a
   * second factor), the continuation runs with it after the handler, and its answer replaces the
   * endpoint's. A call that creates no session (a sign-in held for a second factor) answers as
   * usual. A Response answers the call in the handler's stead, before anything happened (a forged
   * flow is refused before it signs anyone in). The first plugin that answers decides.
   *
   * A sign-in that leaves for a provider's round trip (POST /sign-in/social) creates its session at
   * the callback, another request: a continuation that has a `resumable` form is kept with the
   * OAuth state (encrypted, server-side, bound to the browser) and rebuilt there by
   * `resumeSignInContinuation`.
   */
  signInContinuation?(
    body: unknown,
    request: SignInRequest,
    auth: PluginHost,
  ): Promise<SignInContinuation | Response | undefined>;
  /**
   * The continuation whose `resumable` form is `resumable`, rebuilt at the callback of a provider's
   * round trip once it created the session; undefined when the value is not this plugin's (the
   * first plugin that answers decides). The value was written by the plugin itself and never left
   * the server, so it needs no second check of the sign-in request's own (a signature that may
   * have expired during the round trip). The continuation's answer there must be
   * `{redirect: true, url}` or a Response: the callback is a navigation, and sends the browser to
   * `url` (a target the plugin vouches for: the redirect check of callback URLs does not apply).
   */
  resumeSignInContinuation?(
    resumable: string,
    request: SignInRequest,
    auth: PluginHost,
  ): Promise<SignInContinuation | undefined>;
}

/** The request a sign-in continuation is decided on. */
export interface SignInRequest {
  readonly headers: RequestHeaders;
  readonly clientIp: string | undefined;
}

/**
 * What runs after a call that created `current`, its answer the call's
 * (`PluginHooks.signInContinuation`). `resumable` lets it survive a provider's round trip: a
 * string that the same plugin's `resumeSignInContinuation` turns back into it.
 * Without one, a social sign-in ends at the flow's callbackURL as usual.
 */
export interface SignInContinuation {
  (current: CurrentSession): Promise<unknown>;
  readonly resumable?: string | undefined;
}

/** One organization a user belongs to, as `PluginHooks.organizationFacts` answers it. */
export interface OrganizationMembership {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  /** The member's role as stored: several roles are comma-separated. */
  readonly role: string;
  /** Whether that role grants every action asked (resource → actions), in the plugin's access control. */
  grants(permissions: Readonly<Record<string, readonly string[]>>): boolean;
}

/** A user's organizations, and the one the asking session acts for (null: none, or no session). */
export interface OrganizationFacts {
  readonly memberships: readonly OrganizationMembership[];
  readonly active: OrganizationMembership | null;
}
