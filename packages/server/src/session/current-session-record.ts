/**
 * @module The session a request carries, as endpoints and plugin hooks receive it. A leaf, so the
 * context can name it without importing the code that reads it.
 */
import type { Session, User } from '../db/records';

export interface CurrentSession {
  session: Session;
  user: User;
  /** The token from the cookie: the only copy, never stored. */
  token: string;
  /**
   * The get-session answer as JSON without the token, when the read made it (the cookie cache's
   * text): get-session sends it as is. Code that changes `session` or `user` in place drops it.
   */
  tokenless?: string | undefined;
  /** That answer with `token` spliced in, when the read had it already (a cache hit's memo). */
  answer?: string | undefined;
}
