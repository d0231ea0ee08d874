/**
 * @module The configured providers (social-providers-config.ts) built into the engine's provider
 * values. Nothing here reaches the network: the generic OpenID Connect provider reads its discovery
 * document on first use, so a start never waits for (or fails on) an identity provider.
 */
import { createSocialProvider, oidc, type OAuthProvider } from '@latchkey/server';
import type { SocialProviderConfig } from './social-providers-config';

export function buildSocialProviders(configs: readonly SocialProviderConfig[]): OAuthProvider[] {
  return configs.map((config) =>
    config.type === 'oidc'
      ? oidc({
          id: config.id,
          name: config.name,
          issuer: config.issuer,
          clientId: config.clientId,
          clientSecret: config.clientSecret,
          scopes: config.scopes,
          trustedForLinking: config.trustedForLinking,
        })
      : createSocialProvider(config.type, config.settings),
  );
}
