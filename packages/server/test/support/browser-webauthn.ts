/**
 * @module A browser's WebAuthn API in Node, backed by the software authenticator: the
 * `PublicKeyCredential` global and `navigator.credentials.create/get` that @simplewebauthn/browser
 * (and so better-auth's `passkeyClient()`) calls. It converts the options' buffers to the JSON the
 * authenticator reads and its JSON answer back to credential objects with ArrayBuffers, and refuses
 * as a browser does: an excluded credential (InvalidStateError), a credential not allowed or no
 * ES256 offered (NotAllowedError / NotSupportedError). The real browser ceremony is tested in
 * Chromium (e2e); this lets the client's own code run unchanged in a server test.
 */
import { vi } from 'vitest';
import type { SoftAuthenticator } from './soft-authenticator';

const ES256 = -7;

function b64url(bytes: BufferSource): string {
  const view = ArrayBuffer.isView(bytes)
    ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    : new Uint8Array(bytes);
  return Buffer.from(view).toString('base64url');
}

function arrayBuffer(base64url: string): ArrayBuffer {
  const bytes = Buffer.from(base64url, 'base64url');
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** What `navigator.credentials.create/get` were asked, for tests that check the client's request. */
export interface WebAuthnCall {
  ceremony: 'create' | 'get';
  mediation: string | undefined;
  options: Record<string, unknown>;
}

export class BrowserWebAuthn {
  readonly calls: WebAuthnCall[] = [];

  /** `authenticator` is the one the browser offers: the user's platform authenticator. */
  constructor(public authenticator: SoftAuthenticator) {}

  /** Defines the globals for the current test file (undone by `vi.unstubAllGlobals()`). */
  install(): void {
    // A constructor that cannot be called, as the browser's; conditional UI is available.
    const PublicKeyCredential = function PublicKeyCredential() {
      throw new TypeError('Illegal constructor');
    };
    PublicKeyCredential.isConditionalMediationAvailable = async () => true;
    vi.stubGlobal('PublicKeyCredential', PublicKeyCredential);
    vi.stubGlobal('navigator', {
      onLine: true,
      credentials: {
        create: (options: CredentialCreationOptions) => this.#create(options),
        get: (options: CredentialRequestOptions) => this.#get(options),
      },
    });
  }

  async #create({ publicKey, mediation }: CredentialCreationOptions & { mediation?: string }) {
    if (!publicKey) throw new DOMException('publicKey is required', 'NotSupportedError');
    this.calls.push({ ceremony: 'create', mediation, options: { ...publicKey } });
    if (!publicKey.pubKeyCredParams.some((p) => p.alg === ES256))
      throw new DOMException('No supported algorithm', 'NotSupportedError');
    if ((publicKey.excludeCredentials ?? []).some((c) => b64url(c.id) === this.authenticator.id))
      throw new DOMException('The authenticator holds an excluded credential', 'InvalidStateError');
    const answer = this.authenticator.create({
      challenge: b64url(publicKey.challenge),
      rp: publicKey.rp,
      user: { id: b64url(publicKey.user.id), name: publicKey.user.name, displayName: publicKey.user.displayName },
    });
    return {
      id: answer.id,
      rawId: arrayBuffer(answer.rawId),
      type: answer.type,
      authenticatorAttachment: answer.authenticatorAttachment,
      response: {
        clientDataJSON: arrayBuffer(answer.response.clientDataJSON),
        attestationObject: arrayBuffer(answer.response.attestationObject),
        getTransports: () => answer.response.transports,
      },
      getClientExtensionResults: () => ({}),
    };
  }

  async #get({ publicKey, mediation }: CredentialRequestOptions) {
    if (!publicKey) throw new DOMException('publicKey is required', 'NotSupportedError');
    this.calls.push({ ceremony: 'get', mediation, options: { ...publicKey } });
    const allowed = (publicKey.allowCredentials ?? []).map((c) => b64url(c.id));
    if (allowed.length > 0 && !allowed.includes(this.authenticator.id))
      throw new DOMException('No allowed credential on this authenticator', 'NotAllowedError');
    const answer = this.authenticator.get({
      challenge: b64url(publicKey.challenge),
      ...(publicKey.rpId === undefined ? {} : { rpId: publicKey.rpId }),
    });
    const { userHandle } = answer.response as { userHandle?: string };
    return {
      id: answer.id,
      rawId: arrayBuffer(answer.rawId),
      type: answer.type,
      authenticatorAttachment: answer.authenticatorAttachment,
      response: {
        clientDataJSON: arrayBuffer(answer.response.clientDataJSON),
        authenticatorData: arrayBuffer(answer.response.authenticatorData),
        signature: arrayBuffer(answer.response.signature),
        userHandle: userHandle === undefined ? null : arrayBuffer(userHandle),
      },
      getClientExtensionResults: () => ({}),
    };
  }
}
