/**
 * @module The sign-in of a user with two-factor on: once the password checked out, a browser the
 * user trusted skips the second step; any other gets the `two_factor` cookie instead of a session
 * and better-auth's answer `{twoFactorRedirect: true, twoFactorMethods}`, on which
 * `twoFactorClient()` calls its `onTwoFactorRedirect`.
 */
import type { PluginSignInAttempt } from '../../plugin';
import { startChallenge } from './challenge';
import { hasChosenMailedCodes } from './mailed-code-choice';
import type { ResolvedTwoFactorOptions } from './options';
import { twoFactorSchema } from './schema';
import { twoFactorStore } from './store';
import { useTrustedDevice } from './trusted-device';

export function interceptTwoFactorSignIn(options: ResolvedTwoFactorOptions) {
  return async (signIn: PluginSignInAttempt): Promise<Record<string, unknown> | undefined> => {
    const user = twoFactorSchema.user(signIn.user);
    if (user.twoFactorEnabled !== true) return undefined;
    if (await useTrustedDevice(signIn, user.id, options.trustDeviceMaxAge)) return undefined;
    await startChallenge(signIn, user.id, signIn.dontRemember);
    const methods: string[] = [];
    const row = await twoFactorStore(signIn.auth).find(user.id);
    if (row?.verified) methods.push('totp');
    // Codes are mailed through the engine's mailer: without one there is no e-mail method. And only
    // to a user who chose them: else the mailbox alone (a reset link, then a code) passes both steps.
    if (signIn.auth.mailer && (await hasChosenMailedCodes(signIn.auth, user.id))) methods.push('otp');
    return { twoFactorRedirect: true, twoFactorMethods: methods };
  };
}
