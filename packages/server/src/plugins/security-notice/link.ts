/**
 * @module The "this wasn't me" link's token: mailed once, stored as `security-notice:sha256(token)`
 * with the user's id (as the engine's mailed tokens are), deleted when used, so a link works once.
 */
import { DEFAULTS, randomString, sha256Hex, type PluginHost } from '../../plugin';

const identifierOf = (token: string) => `security-notice:${sha256Hex(token)}`;

export async function issueNotMeToken(auth: PluginHost, userId: string, expiresIn: number): Promise<string> {
  const token = randomString(DEFAULTS.sessionTokenLength);
  const now = auth.now();
  await auth.verifications.create({
    id: randomString(DEFAULTS.idLength),
    identifier: identifierOf(token),
    value: userId,
    expiresAt: new Date(now.getTime() + expiresIn * 1000),
    createdAt: now,
  });
  return token;
}

/** The user the token was issued for, once: a used, unknown or expired token gives null. */
export async function redeemNotMeToken(auth: PluginHost, token: string): Promise<string | null> {
  const row = await auth.verifications.find(identifierOf(token));
  if (!row) return null;
  // Of concurrent uses only the one whose delete removed the row goes on.
  const taken = await auth.verifications.take(row.id);
  if (!taken || row.expiresAt <= auth.now()) return null;
  return row.value;
}

export function notMeLink(auth: PluginHost, token: string): string {
  const url = new URL(`${auth.options.baseURL}${auth.options.basePath}/security-notice/not-me`);
  url.searchParams.set('token', token);
  return url.href;
}
