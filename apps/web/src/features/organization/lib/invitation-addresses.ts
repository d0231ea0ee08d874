/**
 * @module The invitation form's addresses: a pasted list split at commas, semicolons, spaces and
 * new lines (what mail clients and spreadsheets copy), `Name <address>` reduced to the address,
 * repeats (in any case) kept once, in the order given.
 */
import { z } from 'zod';

/** One submit sends one request per address: a bound keeps a paste of a whole directory out. */
export const MAX_INVITATION_ADDRESSES = 50;

const emailSchema = z.email();

export function invitationAddresses(text: string): string[] {
  const seen = new Set<string>();
  const addresses: string[] = [];
  for (const piece of text.split(/[\n\r,;]+/)) {
    // "Ann Lee <ann@example.com>": the address is what the brackets hold; the name is no address.
    const bracketed = /<([^<>]*)>/.exec(piece);
    const chosen = (bracketed ? bracketed[1]! : piece).split(/\s+/).filter(Boolean);
    for (const token of chosen) {
      const key = token.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      addresses.push(token);
    }
  }
  return addresses;
}

export function isEmailAddress(value: string): boolean {
  return emailSchema.safeParse(value).success;
}
