/**
 * @module A plugin's secrets at rest (two-factor's TOTP secret): sealed with the engine's token
 * cipher under the plugin's own purpose, without handing the plugin the cipher, whose other
 * purposes (provider tokens, OAuth states) are the core's.
 */
import { engineOf } from './engine-context';
import type { PluginHost } from './plugin-host';

/** `plaintext` encrypted for `purpose`: only `openSecret` with the same purpose reads it back. */
export function sealSecret(host: PluginHost, plaintext: string, purpose: string): string {
  return engineOf(host).tokenCipher.encrypt(plaintext, purpose);
}

/** What `sealSecret` sealed for `purpose`; throws on a value sealed for another or changed. */
export function openSecret(host: PluginHost, sealed: string, purpose: string): string {
  return engineOf(host).tokenCipher.decrypt(sealed, purpose);
}
