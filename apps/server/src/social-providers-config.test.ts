/**
 * Social sign-in from the environment (issue #13): each of the seventeen providers is enabled by
 * its client id and secret (Apple by its key, TikTok by its client key), the generic OpenID Connect
 * provider by its issuer; a provider only half configured, an `http:` issuer off this machine, a
 * broken key or a provider id that collides stops the start with a line naming the variable, and
 * no secret is ever echoed.
 */
import { generateKeyPairSync } from 'node:crypto';
import { SOCIAL_PROVIDER_IDS, SOCIAL_PROVIDERS } from '@latchkey/server';
import { describe, expect, it } from 'vitest';
import { loadConfig, type Env } from './config';
import { problemsOf } from '../test/support/config-problems';
import { buildSocialProviders } from './social-providers';

const CWD = '/srv/latchkey';
const SECRET_VALUE = 'shh-a-client-secret-nobody-may-read';

function providersOf(env: Env) {
  return loadConfig(env, CWD).socialProviders;
}

/** An Apple-style signing key (EC P-256, PKCS #8 PEM). */
function applePrivateKey(): string {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
}

describe('social providers from the environment', () => {
  it('enables none without variables', () => {
    expect(providersOf({})).toEqual([]);
  });

  it('enables GitHub from GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET, with GITHUB_SCOPES split on spaces or commas', () => {
    expect(providersOf({ GITHUB_CLIENT_ID: ' gh-id ', GITHUB_CLIENT_SECRET: SECRET_VALUE })).toEqual([
      { type: 'github', id: 'github', settings: { clientId: 'gh-id', clientSecret: SECRET_VALUE } },
    ]);
    expect(
      providersOf({
        GITHUB_CLIENT_ID: 'gh-id',
        GITHUB_CLIENT_SECRET: SECRET_VALUE,
        GITHUB_SCOPES: 'repo, read:org  gist,repo',
      })[0],
    ).toMatchObject({
      settings: { scopes: ['repo', 'read:org', 'gist'] },
    });
  });

  it('reads <PROVIDER>_CLIENT_ID and <PROVIDER>_CLIENT_SECRET for each of the fifteen providers configured so, in SPEC order', () => {
    const available = SOCIAL_PROVIDER_IDS.filter(
      (id) =>
        SOCIAL_PROVIDERS[id].clientIdName === 'clientId' && SOCIAL_PROVIDERS[id].required.join() === 'clientSecret',
    );
    expect(available).toEqual(SOCIAL_PROVIDER_IDS.filter((id) => id !== 'apple' && id !== 'tiktok'));
    const env = Object.fromEntries(
      available.flatMap((id) => [
        [`${id.toUpperCase()}_CLIENT_ID`, `${id}-id`],
        [`${id.toUpperCase()}_CLIENT_SECRET`, `${id}-secret`],
      ]),
    );
    expect(providersOf(env).map((p) => [p.id, p.type === 'oidc' ? null : p.settings.clientId])).toEqual(
      available.map((id) => [id, `${id}-id`]),
    );
  });

  it('refuses a provider with an id but no secret, or a secret but no id, naming the missing variable and never the secret', () => {
    expect(problemsOf({ GITHUB_CLIENT_ID: 'gh-id' })).toEqual([
      'GITHUB_CLIENT_SECRET is required to enable github sign-in (GITHUB_CLIENT_ID is set)',
    ]);
    const problems = problemsOf({ GITHUB_CLIENT_SECRET: SECRET_VALUE, GITHUB_SCOPES: 'repo' });
    expect(problems).toEqual([
      'GITHUB_CLIENT_ID is required to enable github sign-in (GITHUB_CLIENT_SECRET, GITHUB_SCOPES are set)',
    ]);
    expect(problems.join('\n')).not.toContain(SECRET_VALUE);
  });

  it('treats empty values as unset', () => {
    expect(providersOf({ GITHUB_CLIENT_ID: '', GITHUB_CLIENT_SECRET: '  ', OIDC_ISSUER: '' })).toEqual([]);
  });
});

describe('the generic OpenID Connect provider', () => {
  const OIDC = {
    OIDC_ISSUER: 'https://idp.example.com/realms/main',
    OIDC_CLIENT_ID: 'latchkey',
    OIDC_CLIENT_SECRET: SECRET_VALUE,
  };

  it('is enabled by OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, with id oidc, its label and scopes openid email profile by default', () => {
    expect(providersOf(OIDC)).toEqual([
      {
        type: 'oidc',
        id: 'oidc',
        name: 'OpenID Connect',
        issuer: 'https://idp.example.com/realms/main',
        clientId: 'latchkey',
        clientSecret: SECRET_VALUE,
        scopes: ['openid', 'email', 'profile'],
        trustedForLinking: false,
      },
    ]);
  });

  it("trusts the OP's verified addresses for linking only with OIDC_TRUSTED_FOR_LINKING=on, and the built provider says so", () => {
    const [trusted] = providersOf({ ...OIDC, OIDC_TRUSTED_FOR_LINKING: 'on' });
    expect(trusted).toMatchObject({ trustedForLinking: true });
    expect(buildSocialProviders([trusted!])[0]?.trustedForLinking).toBe(true);
    expect(buildSocialProviders(providersOf({ ...OIDC, OIDC_TRUSTED_FOR_LINKING: 'off' }))[0]?.trustedForLinking).toBe(
      false,
    );
    expect(buildSocialProviders(providersOf(OIDC))[0]?.trustedForLinking).toBe(false);
    expect(problemsOf({ ...OIDC, OIDC_TRUSTED_FOR_LINKING: 'yes' })).toEqual([
      'OIDC_TRUSTED_FOR_LINKING="yes": must be "on" or "off"',
    ]);
  });

  it('takes OIDC_PROVIDER_ID, OIDC_NAME and OIDC_SCOPES, and comes after the built-in providers', () => {
    const providers = providersOf({
      ...OIDC,
      OIDC_PROVIDER_ID: 'keycloak',
      OIDC_NAME: 'Company SSO',
      OIDC_SCOPES: 'openid email profile groups',
      GITHUB_CLIENT_ID: 'gh-id',
      GITHUB_CLIENT_SECRET: 'gh-secret',
    });
    expect(providers.map((p) => p.id)).toEqual(['github', 'keycloak']);
    expect(providers[1]).toMatchObject({
      id: 'keycloak',
      name: 'Company SSO',
      scopes: ['openid', 'email', 'profile', 'groups'],
    });
  });

  it('refuses a half configuration, naming each missing variable and never the secret', () => {
    expect(problemsOf({ OIDC_CLIENT_SECRET: SECRET_VALUE })).toEqual([
      'OIDC_ISSUER is required to enable OpenID Connect sign-in (OIDC_CLIENT_SECRET is set)',
      'OIDC_CLIENT_ID is required to enable OpenID Connect sign-in (OIDC_CLIENT_SECRET is set)',
    ]);
    expect(problemsOf({ OIDC_ISSUER: OIDC.OIDC_ISSUER, OIDC_CLIENT_ID: 'latchkey', OIDC_NAME: 'SSO' })).toEqual([
      'OIDC_CLIENT_SECRET is required to enable OpenID Connect sign-in (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_NAME are set)',
    ]);
    expect(problemsOf({ OIDC_PROVIDER_ID: 'sso' })).toHaveLength(3);
  });

  it('accepts an http issuer only on a loopback host', () => {
    for (const issuer of ['http://localhost:8080/realms/dev', 'http://127.0.0.1:4000', 'http://[::1]:4000/']) {
      expect(providersOf({ ...OIDC, OIDC_ISSUER: issuer })[0]).toMatchObject({ issuer });
    }
    for (const issuer of [
      'http://idp.example.com',
      'http://10.0.0.5:8080',
      'ftp://idp.example.com',
      'idp.example.com',
    ]) {
      expect(problemsOf({ ...OIDC, OIDC_ISSUER: issuer })).toEqual([
        expect.stringMatching(
          new RegExp(`^OIDC_ISSUER=${JSON.stringify(issuer).replace(/[.[\]]/g, '\\$&')}: must be an https:// URL`),
        ),
      ]);
    }
  });

  it("refuses a provider id that is a built-in provider's, the password accounts', or not a URL segment", () => {
    expect(problemsOf({ ...OIDC, OIDC_PROVIDER_ID: 'google' })).toEqual([
      'OIDC_PROVIDER_ID="google": is the id of a built-in provider (or of password accounts); choose another',
    ]);
    expect(problemsOf({ ...OIDC, OIDC_PROVIDER_ID: 'credential' })).toHaveLength(1);
    for (const bad of ['Keycloak', 'a/b', '-sso', 'a b', 'x'.repeat(65)]) {
      expect(problemsOf({ ...OIDC, OIDC_PROVIDER_ID: bad })).toEqual([
        `OIDC_PROVIDER_ID=${JSON.stringify(bad)}: must be 1 to 64 lower-case letters, digits, "-" or "_", starting with a letter or digit`,
      ]);
    }
  });

  it('refuses a button label longer than 64 characters', () => {
    expect(problemsOf({ ...OIDC, OIDC_NAME: 'n'.repeat(65) })).toEqual(['OIDC_NAME: must be at most 64 characters']);
  });

  it("reports its problems together with the other variables'", () => {
    expect(
      problemsOf({ PORT: 'x', OIDC_ISSUER: 'http://idp.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }),
    ).toEqual([
      'PORT="x": must be a whole number between 1 and 65535',
      'OIDC_ISSUER="http://idp.example.com": must be an https:// URL (http:// only on localhost, 127.x.x.x or [::1])',
    ]);
  });
});

describe('building the configured providers', () => {
  it("turns each configuration into the engine's provider of that id, the generic one under its own id and label", () => {
    const builtIn = Object.fromEntries(
      SOCIAL_PROVIDER_IDS.filter((id) => SOCIAL_PROVIDERS[id].required.join() === 'clientSecret').flatMap((id) => [
        [
          `${id.toUpperCase()}_${SOCIAL_PROVIDERS[id].clientIdName === 'clientKey' ? 'CLIENT_KEY' : 'CLIENT_ID'}`,
          `${id}-id`,
        ],
        [`${id.toUpperCase()}_CLIENT_SECRET`, `${id}-secret`],
      ]),
    );
    const env = {
      ...builtIn,
      APPLE_CLIENT_ID: 'com.example.web',
      APPLE_TEAM_ID: 'TEAM',
      APPLE_KEY_ID: 'KEY',
      APPLE_PRIVATE_KEY: applePrivateKey(),
      OIDC_ISSUER: 'https://idp.example.com',
      OIDC_CLIENT_ID: 'c',
      OIDC_CLIENT_SECRET: 's',
      OIDC_PROVIDER_ID: 'corp',
      OIDC_NAME: 'Company SSO',
    };
    const providers = buildSocialProviders(loadConfig(env, CWD).socialProviders);
    expect(providers.map((p) => p.id)).toEqual([...SOCIAL_PROVIDER_IDS, 'corp']);
    expect(providers.at(-1)?.name).toBe('Company SSO');
  });
});

describe('Apple', () => {
  it('is enabled by APPLE_CLIENT_ID, APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY, the key given with \\n escapes', () => {
    const pem = applePrivateKey();
    const [apple] = providersOf({
      APPLE_CLIENT_ID: 'com.example.web',
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY1234567',
      APPLE_PRIVATE_KEY: pem.replace(/\n/g, '\\n'),
    });
    expect(apple).toEqual({
      type: 'apple',
      id: 'apple',
      settings: { clientId: 'com.example.web', teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: pem },
    });
  });

  it('names each missing part of the key, and refuses a key that is not a PEM private key without echoing it', () => {
    expect(problemsOf({ APPLE_CLIENT_ID: 'com.example.web' })).toEqual(
      ['APPLE_TEAM_ID', 'APPLE_KEY_ID', 'APPLE_PRIVATE_KEY'].map(
        (name) => `${name} is required to enable apple sign-in (APPLE_CLIENT_ID is set)`,
      ),
    );
    const problems = problemsOf({
      APPLE_CLIENT_ID: 'c',
      APPLE_TEAM_ID: 't',
      APPLE_KEY_ID: 'k',
      APPLE_PRIVATE_KEY: 'MIGTAgEAMBMG-not-a-key',
    });
    expect(problems).toEqual([
      'APPLE_PRIVATE_KEY: must be a PEM private key (-----BEGIN PRIVATE KEY----- …), with line breaks or \\n escapes',
    ]);
  });
});

describe('TikTok', () => {
  it('is enabled by TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET; TIKTOK_CLIENT_ID is not its variable', () => {
    expect(providersOf({ TIKTOK_CLIENT_KEY: 'tt-key', TIKTOK_CLIENT_SECRET: 'tt-secret' })).toEqual([
      { type: 'tiktok', id: 'tiktok', settings: { clientId: 'tt-key', clientSecret: 'tt-secret' } },
    ]);
    expect(problemsOf({ TIKTOK_CLIENT_SECRET: 'tt-secret' })).toEqual([
      'TIKTOK_CLIENT_KEY is required to enable tiktok sign-in (TIKTOK_CLIENT_SECRET is set)',
    ]);
  });
});

describe('Microsoft', () => {
  it('takes MICROSOFT_TENANT_ID (the factory defaults to common) and refuses one that is not a tenant', () => {
    const env = { MICROSOFT_CLIENT_ID: 'ms-id', MICROSOFT_CLIENT_SECRET: 'ms-secret' };
    expect(providersOf(env)[0]).toEqual({
      type: 'microsoft',
      id: 'microsoft',
      settings: { clientId: 'ms-id', clientSecret: 'ms-secret' },
    });
    expect(providersOf({ ...env, MICROSOFT_TENANT_ID: 'contoso.onmicrosoft.com' })[0]).toMatchObject({
      settings: { tenantId: 'contoso.onmicrosoft.com' },
    });
    expect(problemsOf({ ...env, MICROSOFT_TENANT_ID: 'a/b?c' })).toEqual([
      'MICROSOFT_TENANT_ID="a/b?c": must be a tenant id or domain, or common, organizations or consumers',
    ]);
  });
});

describe('GitLab', () => {
  it('takes GITLAB_ISSUER for a self-hosted instance, https unless on this machine', () => {
    const env = { GITLAB_CLIENT_ID: 'gl-id', GITLAB_CLIENT_SECRET: 'gl-secret' };
    expect(providersOf(env)[0]).toEqual({
      type: 'gitlab',
      id: 'gitlab',
      settings: { clientId: 'gl-id', clientSecret: 'gl-secret' },
    });
    expect(providersOf({ ...env, GITLAB_ISSUER: 'https://git.example.com/' })[0]).toMatchObject({
      settings: { issuer: 'https://git.example.com' },
    });
    expect(problemsOf({ ...env, GITLAB_ISSUER: 'http://git.example.com' })).toEqual([
      'GITLAB_ISSUER="http://git.example.com": must be an https:// URL (http:// only on localhost, 127.x.x.x or [::1])',
    ]);
  });
});
