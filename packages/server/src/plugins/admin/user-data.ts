/**
 * @module The `data` of create-user and update-user: the user columns an admin may set there.
 * Only `name`, `image` and the columns plugins accept in sign-up and update-user bodies (a
 * username), each checked by its own plugin's rules. Everything else (id, email, emailVerified,
 * role, banned, createdAt…) is ignored: e-mail and password have their own routes and rules, the
 * role goes through set-role's checks, and bans through ban-user.
 */
import { z } from 'zod';
import {
  AuthError,
  ERRORS,
  imageField,
  nameField,
  pluginUserInput,
  type PluginHost,
  type ExtensibleEndpointId,
} from '../../plugin';

function dataSchema(auth: PluginHost, endpointId: ExtensibleEndpointId) {
  const shape: z.ZodRawShape = { name: nameField.optional(), image: imageField.nullable().optional() };
  for (const plugin of auth.options.plugins) Object.assign(shape, plugin.bodyFields?.[endpointId]);
  return z.object(shape);
}

/** The columns to store; a field of the wrong shape is a 400 VALIDATION_ERROR naming `data.<field>`. */
export async function readUserData(
  auth: PluginHost,
  endpointId: ExtensibleEndpointId,
  data: Record<string, unknown>,
  userId: string | null,
): Promise<Record<string, unknown>> {
  const parsed = dataSchema(auth, endpointId).safeParse(data);
  if (!parsed.success) {
    throw new AuthError(ERRORS.invalidBody, {
      details: parsed.error.issues.map((issue) => ({
        path: ['data', ...issue.path].join('.'),
        message: issue.message,
      })),
    });
  }
  const fields = parsed.data as Record<string, unknown>;
  const core = Object.fromEntries(['name', 'image'].filter((k) => fields[k] !== undefined).map((k) => [k, fields[k]]));
  return { ...core, ...(await pluginUserInput(auth, endpointId, fields, userId)) };
}
