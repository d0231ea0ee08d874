/**
 * @module `navigator.credentials` for component tests, backed by the server tests' software
 * authenticator (packages/server/test/support/soft-authenticator.ts): what @simplewebauthn/browser
 * hands the browser (ArrayBuffers) is turned into the JSON the authenticator reads and its answer
 * back into a PublicKeyCredential's shape. happy-dom has no WebAuthn, so `install` also defines a
 * `PublicKeyCredential` (without conditional mediation: no autofill ceremony starts here). The
 * real ceremony, in Chromium with a virtual authenticator, is e2e/passkey.test.ts's.
 */
import { expect } from 'vitest';
import { SoftAuthenticator } from '../../../../packages/server/test/support/soft-authenticator';
import type { AppAuth } from '../../src/lib/auth';

const toB64url = (buffer: ArrayBuffer | ArrayBufferView) =>
  Buffer.from(buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : (buffer as Uint8Array)).toString('base64url');

function toBuffer(text: string): ArrayBuffer {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

interface PublicKeyOptions {
  challenge: ArrayBuffer;
  rp: { id?: string; name: string };
  user: { id: ArrayBuffer; name: string; displayName: string };
  rpId?: string;
}

export interface SoftCredentials {
  authenticator: SoftAuthenticator;
  /** The next prompt is "closed by the user": NotAllowedError, as a browser answers. */
  refuseNext(): void;
  uninstall(): void;
}

/** Installs the stub on the global navigator; `origin` is the page's (the test server's). */
export function installSoftCredentials(origin: string, authenticator = new SoftAuthenticator(origin)): SoftCredentials {
  let refuse = false;
  const answer = () => {
    if (!refuse) return;
    refuse = false;
    throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
  };
  const credentials = {
    async create({ publicKey }: { publicKey: PublicKeyOptions }) {
      answer();
      const json = authenticator.create({
        challenge: toB64url(publicKey.challenge),
        rp: publicKey.rp,
        user: { ...publicKey.user, id: toB64url(publicKey.user.id) },
      });
      return {
        id: json.id,
        rawId: toBuffer(json.rawId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: toBuffer(json.response.clientDataJSON),
          attestationObject: toBuffer(json.response.attestationObject),
          getTransports: () => ['internal'],
        },
        getClientExtensionResults: () => ({}),
      };
    },
    async get({ publicKey }: { publicKey: Omit<PublicKeyOptions, 'rp' | 'user'> }) {
      answer();
      const json = authenticator.get({ challenge: toB64url(publicKey.challenge), rpId: publicKey.rpId });
      return {
        id: json.id,
        rawId: toBuffer(json.rawId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: toBuffer(json.response.clientDataJSON),
          authenticatorData: toBuffer(json.response.authenticatorData),
          signature: toBuffer(json.response.signature),
          ...(json.response.userHandle ? { userHandle: toBuffer(json.response.userHandle) } : {}),
        },
        getClientExtensionResults: () => ({}),
      };
    },
  };
  const global = globalThis as { PublicKeyCredential?: unknown };
  const hadCredential = 'PublicKeyCredential' in global;
  global.PublicKeyCredential = class PublicKeyCredential {};
  Object.defineProperty(globalThis.navigator, 'credentials', { value: credentials, configurable: true });
  return {
    authenticator,
    refuseNext: () => void (refuse = true),
    uninstall() {
      if (!hadCredential) delete global.PublicKeyCredential;
      Reflect.deleteProperty(globalThis.navigator, 'credentials');
    },
  };
}

/** Registers a passkey for `auth`'s user through the API (the Security section has its own test). */
export async function registerPasskey(auth: AppAuth, origin: string, name: string) {
  const authenticator = new SoftAuthenticator(origin);
  const options = await auth.client.passkey.generateRegisterOptions();
  expect(options.error).toBeNull();
  const response = authenticator.create(options.data as Parameters<SoftAuthenticator['create']>[0]);
  const registered = await auth.client.passkey.verifyRegistration({ response, name });
  expect(registered.error).toBeNull();
  return { authenticator, passkey: registered.data! };
}
