/**
 * @module The passkey plugin's table, better-auth's `passkey` model with its column names, so a
 * better-auth database reads the same: the credential's id (base64url, unique here: one credential
 * belongs to one account), its COSE public key (base64), the signature counter, the device type
 * and backup state, the transports (comma-separated), the authenticator's AAGUID.
 */
import { definePluginSchema, type DatabaseOf } from '../../plugin';

export interface PasskeyTable {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: boolean;
  transports: string | null;
  createdAt: Date | null;
  aaguid: string | null;
}

export interface PasskeyTables {
  passkey: PasskeyTable;
}

/** No columns on user or session: the plugin's one table. */
export const passkeySchema = definePluginSchema<PasskeyTables>()({});

export type PasskeyDatabase = DatabaseOf<typeof passkeySchema>;
