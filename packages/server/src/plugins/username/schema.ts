/**
 * @module The columns the username plugin adds to `user` (better-auth's names, so a better-auth
 * database reads the same): `username`, unique and stored lower-cased, null for users without
 * one; `displayUsername`, the username as the user typed it (or chose to show it).
 */
import { definePluginSchema, type FieldDeclarations } from '../../plugin';

/** Both nullable: users who signed up without a username have neither. */
export const USERNAME_FIELDS = Object.freeze({
  username: 'string',
  displayUsername: 'string',
} as const satisfies FieldDeclarations);

/** The plugin's data: no tables of its own, two user columns. */
export const usernameSchema = definePluginSchema()({ user: USERNAME_FIELDS });
