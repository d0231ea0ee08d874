/**
 * @module A password for an admin to hand over: 20 characters drawn with crypto.getRandomValues
 * from 62 letters and digits (about 119 bits), with rejection sampling so that every character is
 * equally likely. No symbols: it is read aloud or pasted, and length gives the strength.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const GENERATED_LENGTH = 20;
// The largest multiple of the alphabet's size below 256: bytes above it would favour the first letters.
const LIMIT = 256 - (256 % ALPHABET.length);

export function generatePassword(length = GENERATED_LENGTH): string {
  let password = '';
  const bytes = new Uint8Array(length * 2);
  while (password.length < length) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < LIMIT && password.length < length) password += ALPHABET[byte % ALPHABET.length];
    }
  }
  return password;
}
