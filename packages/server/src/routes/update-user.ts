/**
 * @module POST /update-user {name?, image?}. Only these fields are read; anything else in the body
 * (email, role, emailVerified…) is stripped by the schema. The cookie cache is rewritten so the
 * next get-session shows the change at once.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { setCookieCache } from '../session/session-cookies';
import { imageField, nameField } from '../validation/fields';

export const updateUser = defineEndpoint({
  id: 'updateUser',
  method: 'POST',
  path: '/update-user',
  body: z.object({ name: nameField.optional(), image: imageField.nullable().optional() }),
  session: 'required',
  async handler({ auth, body, session, cookies }) {
    const patch = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    if (Object.keys(patch).length === 0) return { status: true };
    const user = await auth.users.update(session.user.id, { ...patch, updatedAt: auth.now() });
    if (user && auth.options.session.cookieCache.enabled) setCookieCache(auth, cookies, session.token, session.session, user);
    return { status: true };
  },
});
