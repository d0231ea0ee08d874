/**
 * @module The `jwks` table's queries: the provider's signing keys, the private half sealed with the
 * engine's cipher so a copy of the database alone cannot sign tokens. A key row with no `expiresAt`
 * is a current key; retiring one sets when it stops being published.
 */
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { openSecret, sealSecret, type PluginHost } from '../../../plugin';
import type { SigningAlgorithm } from '../options';
import { oauthProviderSchema } from '../schema';

/** The purpose the private keys are sealed under: only this module opens them. */
const SEALED_KEY_PURPOSE = 'oauth-provider:signing-key';

export interface StoredKey {
  readonly kid: string;
  readonly alg: string;
  readonly publicJwk: JWK;
  /** The private JWK, still sealed: opened only when the key signs. */
  readonly sealedPrivateKey: string;
  readonly createdAt: Date;
  readonly expiresAt: Date | null;
}

/** The keys still published at `now`, newest first. */
export async function loadLiveKeys(auth: PluginHost, now: Date): Promise<StoredKey[]> {
  const rows = await oauthProviderSchema
    .db(auth)
    .selectFrom('jwks')
    .selectAll()
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', now)]))
    .orderBy('createdAt', 'desc')
    .execute();
  return rows.map((row) => ({
    kid: row.id,
    alg: row.alg,
    publicJwk: JSON.parse(row.publicKey) as JWK,
    sealedPrivateKey: row.privateKey,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  }));
}

/**
 * A new current key of `alg`, stored. Its id is a random UUID: two instances making a key at the
 * same moment insert two rows (both published, either signs), never a unique clash.
 */
export async function insertKey(auth: PluginHost, alg: SigningAlgorithm, now: Date): Promise<StoredKey> {
  const pair = await generateKeyPair(alg, { extractable: true, ...(alg === 'EdDSA' ? { crv: 'Ed25519' } : {}) });
  const kid = crypto.randomUUID();
  const publicJwk: JWK = { ...(await exportJWK(pair.publicKey)), kid, alg, use: 'sig' };
  const sealedPrivateKey = sealSecret(auth, JSON.stringify(await exportJWK(pair.privateKey)), SEALED_KEY_PURPOSE);
  await oauthProviderSchema
    .db(auth)
    .insertInto('jwks')
    .values({
      id: kid,
      publicKey: JSON.stringify(publicJwk),
      privateKey: sealedPrivateKey,
      alg,
      createdAt: now,
      expiresAt: null,
    })
    .execute();
  return { kid, alg, publicJwk, sealedPrivateKey, createdAt: now, expiresAt: null };
}

/**
 * Sets when the current keys made before `successor` stop being published. Keys made at the same
 * moment (another instance's) stay current, so two rotating instances do not retire each other.
 */
export async function retireKeysBefore(auth: PluginHost, successor: StoredKey, publishedUntil: Date): Promise<void> {
  await oauthProviderSchema
    .db(auth)
    .updateTable('jwks')
    .set({ expiresAt: publishedUntil })
    .where('expiresAt', 'is', null)
    .where('createdAt', '<', successor.createdAt)
    .where('id', '!=', successor.kid)
    .execute();
}

export function openPrivateJwk(auth: PluginHost, key: StoredKey): JWK {
  return JSON.parse(openSecret(auth, key.sealedPrivateKey, SEALED_KEY_PURPOSE)) as JWK;
}
