/**
 * @module `@latchkey/server/testing`: the engine's internals, for test harnesses that must look
 * beneath `auth.api` (a row as stored, a clock-driven background task). Not part of the public
 * API: applications use `auth.api`, and nothing here is kept stable for them.
 */
import { contextOf, pruneJobOf, type Auth } from './create-auth';
import type { PruneJob } from './maintenance/prune-job';

import type { AuthContext } from './auth/context';

export type { AuthContext };

/** The context `auth`'s endpoints run with: its database, stores and resolved options. */
export function authInternalsForTests(auth: Pick<Auth, 'handler'>): AuthContext {
  return contextOf(auth);
}

/** The background job that deletes expired rows, so a test runs a pass when it chooses. */
export function pruneJobForTests(auth: Pick<Auth, 'handler'>): PruneJob {
  return pruneJobOf(auth);
}
