/**
 * @module POST /update-user {name?, image?, language?}. Only these fields are read; anything else in the body
 * (role, emailVerified…) is stripped by the schema. An `email` is refused outright, as better-auth
 * does, so a caller who expected it to change learns that it did not (change-email is the way).
 * The cookie cache is rewritten so the next get-session shows the change at once.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { AuthError, ERRORS } from '../endpoint/errors';
import { isUniqueViolation } from '../db/unique-violation';
import { pluginUserInput } from '../plugin/run-hooks';
import { refreshCachedUser } from '../session/cookie-cache';
import { imageField, languageField, nameField } from '../validation/fields';
import { statusResponse } from '../endpoint/responses';

export const updateUser = defineEndpoint({
  id: 'updateUser',
  method: 'POST',
  path: '/update-user',
  summary: "Update the user's profile",
  errors: [ERRORS.emailCanNotBeUpdated],
  response: statusResponse,
  body: z.object({
    name: nameField.optional(),
    image: imageField.nullable().optional(),
    /** The language of the user's mails; null forgets it (mails then follow each request). */
    language: languageField.nullable().optional(),
    email: z.unknown().optional(),
  }),
  session: 'required',
  async handler({ auth, body, session, cookies }) {
    if (body.email !== undefined) throw new AuthError(ERRORS.emailCanNotBeUpdated);
    const core = Object.fromEntries(
      Object.entries({ name: body.name, image: body.image, language: body.language }).filter(
        ([, v]) => v !== undefined,
      ),
    );
    // Plugin fields (a username, say) are checked by their plugins, which name the columns to store.
    const patch = { ...core, ...(await pluginUserInput(auth, 'updateUser', body, session.user.id)) };
    if (Object.keys(patch).length === 0) return { status: true };
    let user;
    try {
      user = await auth.users.update(session.user.id, { ...patch, updatedAt: auth.now() });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Taken by a parallel request after the plugin's check: the check, run again, names it.
      await pluginUserInput(auth, 'updateUser', body, session.user.id);
      throw error;
    }
    if (user) refreshCachedUser(auth, cookies, session, user);
    return { status: true };
  },
});
