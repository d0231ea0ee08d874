/**
 * @module A software WebAuthn authenticator for the passkey tests: one ES256 credential (a
 * node:crypto P-256 key pair), 'none' attestation in CBOR, authenticator data with the rpIdHash,
 * the UP|UV(|AT) flags and a signature counter, and clientDataJSON naming the challenge and the
 * origin. It answers the JSON a browser's `@simplewebauthn/browser` sends, so the routes are driven
 * exactly as `passkeyClient()` drives them. The origin and the counter can be set to what a test
 * needs (a phishing page, a cloned authenticator).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

/** The few CBOR values attestation needs: unsigned/negative integers, text, bytes and maps. */
type CborValue = number | string | Uint8Array | Map<CborValue, CborValue> | { [key: string]: CborValue };

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const head = Buffer.alloc(3);
    head[0] = (major << 5) | 25;
    head.writeUInt16BE(length, 1);
    return head;
  }
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

export function cborEncode(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([cborHead(5, entries.length), ...entries.flatMap(([k, v]) => [cborEncode(k), cborEncode(v)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function uint32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value >>> 0);
  return out;
}

export interface CeremonyOverrides {
  /** The page's origin clientDataJSON names; default the authenticator's. */
  origin?: string;
  /** The signature counter to report; default one more than the last. */
  counter?: number;
  /** Whether the authenticator verified the user (PIN, biometrics); default yes. */
  userVerified?: boolean;
}

/** What `generate-register-options` answers, as far as an authenticator reads it. */
export interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
}

export interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  readonly #privateKey: KeyObject;
  readonly #publicKey: KeyObject;
  #counter = 0;
  #userHandle: string | undefined;

  constructor(
    readonly origin: string,
    readonly rpId = new URL(origin).hostname,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.#privateKey = pair.privateKey;
    this.#publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  get counter(): number {
    return this.#counter;
  }

  /** The credential's public key as COSE_Key: EC2, ES256, P-256, x and y (as a passkey row keeps it, in base64). */
  coseKey(): Buffer {
    const jwk = this.#publicKey.export({ format: 'jwk' });
    return cborEncode(
      new Map<CborValue, CborValue>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  #clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  #nextCounter(overrides: CeremonyOverrides): number {
    const counter = overrides.counter ?? this.#counter + 1;
    this.#counter = Math.max(this.#counter, counter);
    return counter;
  }

  /** navigator.credentials.create(): the registration response JSON. */
  create(options: CreationOptions, overrides: CeremonyOverrides = {}) {
    const rpId = options.rp.id ?? this.rpId;
    this.#userHandle = options.user.id;
    const credentialData = Buffer.concat([
      Buffer.alloc(16), // AAGUID: none
      Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 0xff]),
      this.credentialId,
      this.coseKey(),
    ]);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
      uint32(this.#nextCounter(overrides)),
      credentialData,
    ]);
    const attestationObject = cborEncode({ fmt: 'none', attStmt: {}, authData });
    const clientDataJSON = this.#clientData('webauthn.create', options.challenge, overrides.origin ?? this.origin);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get(): the authentication response JSON, signed with the credential's key. */
  get(options: RequestOptions, overrides: CeremonyOverrides = {}) {
    const rpId = options.rpId ?? this.rpId;
    const authenticatorData = Buffer.concat([
      sha256(rpId),
      Buffer.from([overrides.userVerified === false ? FLAG_UP : FLAG_UP | FLAG_UV]),
      uint32(this.#nextCounter(overrides)),
    ]);
    const clientDataJSON = this.#clientData('webauthn.get', options.challenge, overrides.origin ?? this.origin);
    // ES256: ECDSA over authenticatorData ‖ SHA-256(clientDataJSON), DER-encoded (node's default).
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.#privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        ...(this.#userHandle ? { userHandle: this.#userHandle } : {}),
      },
      authenticatorAttachment: 'platform',
    };
  }
}
