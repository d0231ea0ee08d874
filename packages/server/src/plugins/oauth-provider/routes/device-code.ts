/**
 * @module POST /device/code (RFC 8628 §3.1, §3.2): a device asks for a device code to poll with
 * and a user code for its user to enter on the verification page. The client authenticates as at
 * the token endpoint (a public client names itself) and must be registered for the device_code
 * grant; scope and resource are checked as at the authorization endpoint. Answers better-auth's
 * `oauthDeviceAuthorization()` fields, never cached.
 */
import { defineEndpoint } from '../../../plugin';
import { authenticateClient } from '../client-auth';
import type { OAuthClient } from '../clients/client';
import { displayUserCode, newUserCode } from '../device/user-code';
import { insertDeviceCode } from '../device/store';
import { scopesOf, toJsonList } from '../json-list';
import { deviceAuthorizationResponse } from '../protocol-responses';
import { answeringOAuthErrors, OAuthError, oauthJson } from '../oauth-error';
import { digestOf, newOpaqueSecret } from '../opaque-secret';
import type { ResolvedOAuthProviderOptions } from '../options';
import { listParam, oauthParamsWithResourcesBody, stringParam, type OAuthParams } from '../params';
import { DEVICE_CODE_GRANT } from '../tokens/device-code-grant';
import { requireGrantType } from '../tokens/grant-context';

/** Draws of a fresh pair before giving up: a collision of 2^40 user codes is already rare. */
const ATTEMPTS = 3;

export function deviceCodeEndpoint(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'deviceCode',
    method: 'POST',
    path: '/device/code',
    summary: 'Start a device authorization',
    response: deviceAuthorizationResponse,
    body: oauthParamsWithResourcesBody,
    acceptsForm: true,
    // Each request writes a row; the default tier keeps one address from filling the table.
    rateLimit: 'default',
    async handler(ctx) {
      const { auth } = ctx;
      return answeringOAuthErrors(async () => {
        const client = await authenticateClient(ctx, options, ctx.body);
        requireGrantType(client, DEVICE_CODE_GRANT);
        const scopes = requestedScopes(options.supportedScopes(ctx.auth), client, stringParam(ctx.body, 'scope'));
        const resources = requestedResources(options, ctx.body);
        const now = auth.now();
        for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
          const deviceCode = newOpaqueSecret();
          const userCode = newUserCode();
          const stored = await insertDeviceCode(auth, {
            id: crypto.randomUUID(),
            deviceCode: digestOf(deviceCode),
            userCode,
            clientId: client.clientId,
            scopes: toJsonList(scopes),
            resources: resources.length ? toJsonList(resources) : null,
            status: 'pending',
            userId: null,
            sessionId: null,
            referenceId: null,
            expiresAt: new Date(now.getTime() + options.deviceCodeExpiresIn * 1000),
            lastPolledAt: null,
            pollingInterval: options.deviceCodeInterval,
            grantId: crypto.randomUUID(),
            createdAt: now,
          });
          if (!stored) continue;
          const verificationUri = options.page(auth, 'device');
          const complete = new URL(verificationUri);
          complete.searchParams.set('user_code', displayUserCode(userCode));
          return oauthJson({
            device_code: deviceCode,
            user_code: displayUserCode(userCode),
            verification_uri: verificationUri,
            verification_uri_complete: complete.href,
            expires_in: options.deviceCodeExpiresIn,
            interval: options.deviceCodeInterval,
          });
        }
        throw new OAuthError('server_error', 'Failed to generate a unique device code', 500);
      });
    },
  });
}

/** Within what the client was registered for, and that within what the server has now; none asked is all of those. */
function requestedScopes(supported: readonly string[], client: OAuthClient, scope: string | undefined): string[] {
  const allowed = (client.scopes ?? supported).filter((name) => supported.includes(name));
  const asked = scopesOf(scope);
  const unknown = asked.filter((name) => !allowed.includes(name));
  if (unknown.length) throw new OAuthError('invalid_scope', `The following scopes are invalid: ${unknown.join(', ')}`);
  return asked.length ? asked : allowed;
}

/** RFC 8707 §2: a token may only be bound to a resource the server serves (repeatable, or a JSON list). */
function requestedResources(options: ResolvedOAuthProviderOptions, params: OAuthParams): string[] {
  const resources = listParam(params, 'resource');
  if (resources.some((resource) => !options.resources.includes(resource)))
    throw new OAuthError('invalid_target', 'requested resource invalid');
  return [...new Set(resources)];
}
