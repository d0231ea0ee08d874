/**
 * @module A browser's WebAuthn API in Node, backed by the software authenticator: the
 * `PublicKeyCredential` global and `navigator.credentials.create/get` that @simplewebauthn/browser
 * (and so better-auth's `passkeyClient()`) calls. It converts the options' buffers to the JSON the
 * authenticator reads and its JSON answer back to credential objects with ArrayBuffers, and refuses
 * as a browser does: an excluded credential (InvalidStateError), a credential not allowed or no
 * ES256 offered (NotAllowedError / NotSupportedError). The real browser ceremony is tested in
 * Chromium (e2e); this lets the client's own code run unchanged in a server test, and the web
 * app's screens in a component test (happy-dom has no WebAuthn).
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

export interface BrowserWebAuthnOptions {
  /** Whether the browser offers passkeys in a field's autofill (default true). */
  conditionalMediation?: boolean;
}

export class BrowserWebAuthn {
  readonly calls: WebAuthnCall[] = [];
  #refuseNext = false;

  /** `authenticator` is the one the browser offers: the user's platform authenticator. */
  constructor(
    public authenticator: SoftAuthenticator,
    private readonly options: BrowserWebAuthnOptions = {},
  ) {}

  /**
   * Defines the globals for the current test (undone by `uninstall`). A DOM's own navigator
   * (happy-dom's: the app reads its language) gets `credentials` beside what it has.
   */
  install(): void {
    // A constructor that cannot be called, as the browser's.
    const PublicKeyCredential = function PublicKeyCredential() {
      throw new TypeError('Illegal constructor');
    };
    const conditional = this.options.conditionalMediation ?? true;
    PublicKeyCredential.isConditionalMediationAvailable = async () => conditional;
    vi.stubGlobal('PublicKeyCredential', PublicKeyCredential);
    const credentials = {
      create: (options: CredentialCreationOptions) => this.#create(options),
      get: (options: CredentialRequestOptions) => this.#get(options),
    };
    if (typeof document === 'undefined') vi.stubGlobal('navigator', { onLine: true, credentials });
    else Object.defineProperty(navigator, 'credentials', { value: credentials, configurable: true });
  }

  uninstall(): void {
    vi.unstubAllGlobals();
    if (typeof document !== 'undefined') Reflect.deleteProperty(navigator, 'credentials');
  }

  /** The next prompt is closed by the user: NotAllowedError, as a browser answers. */
  refuseNext(): void {
    this.#refuseNext = true;
  }

  #prompt(): void {
    if (!this.#refuseNext) return;
    this.#refuseNext = false;
    throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
  }

  async #create({ publicKey, mediation }: CredentialCreationOptions & { mediation?: string }) {
    if (!publicKey) throw new DOMException('publicKey is required', 'NotSupportedError');
    this.calls.push({ ceremony: 'create', mediation, options: { ...publicKey } });
    this.#prompt();
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
    this.#prompt();
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
