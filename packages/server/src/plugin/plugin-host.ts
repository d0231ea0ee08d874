/**
 * @module `PluginHost`: what a plugin's endpoints and hooks are handed of the engine. It is the
 * engine's own context object (`AuthContext`), described by a narrower type (the engine's context
 * is declared to satisfy it): a plugin reads the
 * options and the clock, logs, mails, queues work, reads users, and keeps the writes to core rows
 * whose side effects the stores already carry (a session deletion notes its revocation, a new
 * user comes with its credential). What it does not get, and why:
 *
 * - `db`: its own tables come typed through its schema (`schema.db(host)`), the core's rows
 *   through the engine's operations (plugin/host.ts), so a cookie cache never outlives its row;
 * - `users.update`/`users.delete`, `sessions.create`/`extend`/`updateFields`: the schema's
 *   `updateUser`, `updateCurrentUser`, `removeUser`, `updateSessions`, `updateCurrentSession`;
 * - `revocations`, `hooks`, `events`: the engine's bookkeeping; events go through `emitEvent`;
 * - `tokenCipher`: a plugin seals its own secrets with `sealSecret`/`openSecret` (plugin/secrets.ts);
 * - `kv` beyond the failure counters, `providerAccounts`, `accounts` beyond a password and a list: core keys
 *   and rows no plugin has a reason to touch.
 *
 * The engine's functions the contract re-exports take this type (or the members they use); where
 * one needs more, the contract wraps it and the widening cast lives in plugin/ alone.
 */
import type { BackgroundTasks } from '../auth/background-tasks';
import type { Logger, ResolvedOptions } from '../auth/options';
import type { AccountStore } from '../db/account-store';
import type { ExtraFields } from '../db/extra-fields';
import type { User } from '../db/records';
import type { Dialect } from '../db/schema';
import type { SessionStore } from '../db/session-store';
import type { UserStore } from '../db/user-store';
import type { VerificationStore } from '../db/verification-store';
import type { RequestCookies, ResponseCookies } from '../http/cookies';
import type { RequestHeaders } from '../http/transport';
import type { Mailer } from '../mail/mailer';
import type { KeyValueStore } from '../storage/key-value-store';

// Declared member by member, not picked from AuthContext, which takes this module's types for its
// hooks: the engine's context is one of these (auth/context.ts), checked where it is handed out.
export interface PluginHost {
  readonly options: ResolvedOptions;
  readonly dialect: Dialect;
  /** Absent: the flows that mail answer their "isn't enabled" errors. */
  readonly mailer: Mailer | undefined;
  readonly logger: Logger;
  /** Work after the answer (a mail, an audit row), its failure logged. */
  readonly background: BackgroundTasks;
  /** The columns enabled plugins add to user and session. */
  readonly fields: ExtraFields;
  now(): Date;
  /** Reads, and the creation of a user with its password (admin's create-user). */
  readonly users: Pick<UserStore, 'findById' | 'findByEmail' | 'findWithPasswordBy' | 'createWithCredential'>;
  /** Reads, and deletions: the store notes each deleted session's user as revoked. */
  readonly sessions: Pick<
    SessionStore,
    'listByUser' | 'findWithUserByDigest' | 'deleteById' | 'deleteByDigests' | 'deleteByUser'
  >;
  /** A user's linked accounts (the admin's user page) and the password. */
  readonly accounts: Pick<AccountStore, 'findCredential' | 'setPassword' | 'listByUser'>;
  readonly verifications: Pick<VerificationStore, 'create' | 'find' | 'take' | 'swapValue'>;
  /** The failure counters of a lockout (two-factor's code lock); never the core's keys. */
  readonly kv: Pick<KeyValueStore, 'recordFailure' | 'lockedUntil' | 'clearFailures'>;
}

/** A sign-in whose credentials checked out, its session not yet created (`interceptSignIn`). */
export interface PluginSignInAttempt {
  readonly auth: PluginHost;
  readonly user: User;
  /** The sign-in method of its events: `email`, `username`. */
  readonly method: string;
  /** Whether the user unticked "remember me". */
  readonly dontRemember: boolean;
  readonly headers: RequestHeaders;
  readonly clientIp: string | undefined;
  readonly requestCookies: RequestCookies;
  readonly cookies: ResponseCookies;
}
