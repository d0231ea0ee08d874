/**
 * @module Running the enabled plugins' hooks from core routes.
 */
import type { AuthContext } from './context';
import type { User } from './db/records';
import { pluginBodyFields } from './extend-bodies';
import type { ExtensibleEndpointId } from './plugin';

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

export async function beforeCreateSession(auth: AuthContext, user: User): Promise<void> {
  for (const hooks of auth.hooks) await hooks.beforeCreateSession?.(user, auth);
}
