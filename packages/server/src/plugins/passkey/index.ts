/**
 * @module The passkey plugin (WebAuthn), wire-compatible with `@better-auth/passkey` 1.7 so
 * `passkeyClient()`'s addPasskey and signIn.passkey work unchanged: register a passkey while
 * signed in, list, rename and delete them, and sign in with one (discoverable credentials: no
 * e-mail asked). Verification is @simplewebauthn/server's. It uses the engine only through the contract (`src/plugin`).
 */
import { definePlugin } from '../../plugin';
import { PASSKEY_ERRORS } from './errors';
import { PASSKEY_EVENTS } from './events';
import { PASSKEY_DEFAULTS, resolvePasskeyOptions, type PasskeyOptions } from './options';
import { deletePasskey } from './routes/delete-passkey';
import { generateAuthenticateOptions, generateAuthenticateOptionsPost } from './routes/generate-authenticate-options';
import { generateRegisterOptions } from './routes/generate-register-options';
import { listUserPasskeys } from './routes/list-user-passkeys';
import { updatePasskey } from './routes/update-passkey';
import { verifyAuthentication } from './routes/verify-authentication';
import { verifyRegistration } from './routes/verify-registration';
import { passkeyMigration } from './migrations/0500-passkey';

import { adminListUserPasskeys } from './routes/admin-list-user-passkeys';
import { adminRemoveUserPasskey } from './routes/admin-remove-user-passkey';

export { PASSKEY_DEFAULTS, PASSKEY_ERRORS, type PasskeyOptions };

export function passkeyPlugin(options: PasskeyOptions = {}) {
  const resolved = resolvePasskeyOptions(options);
  return definePlugin({
    id: 'passkey',
    errors: PASSKEY_ERRORS,
    events: PASSKEY_EVENTS,
    endpoints: [
      generateRegisterOptions(resolved),
      verifyRegistration(resolved),
      generateAuthenticateOptions(resolved),
      generateAuthenticateOptionsPost(resolved),
      verifyAuthentication(resolved),
      listUserPasskeys(),
      updatePasskey(),
      deletePasskey(),
      adminListUserPasskeys(resolved),
      adminRemoveUserPasskey(resolved),
    ],
    migrations: [passkeyMigration],
  });
}
