/**
 * @module `@latchkey/server/testing`: the engine's internals, for test harnesses that must look
 * beneath `auth.api` (a row as stored, a clock-driven background task). Not part of the public
 * API: applications use `auth.api`, and nothing here is kept stable for them.
 */
import { contextOf, type Auth } from './create-auth';

import type { AuthContext } from './context';

export type { AuthContext };

/** The context `auth`'s endpoints run with: its database, stores and resolved options. */
export function authInternalsForTests(auth: Pick<Auth, 'handler'>): AuthContext {
  return contextOf(auth);
}
