import { describe, expect, it } from 'vitest';
import { SECURITY_NOTICES } from '@latchkey/server';
import { loadConfig } from './config';
import { problemsOf } from '../test/support/config-problems';
import { DEFAULT_WEB_DIR } from './web-app';

const CWD = '/srv/latchkey';
const SECRET = 'a'.repeat(32);

describe('loadConfig', () => {
  it('gives every default from an empty environment', () => {
    expect(loadConfig({}, CWD)).toEqual({
      port: 3000,
      host: undefined,
      baseURL: 'http://localhost:3000',
      databaseUrl: '/srv/latchkey/data/latchkey.db',
      dialect: 'sqlite',
      secret: undefined,
      previousSecrets: [],
      trustedOrigins: [],
      trustedProxies: [],
      rateLimit: false,
      logLevel: 'info',
      smtpUrl: undefined,
      mailFrom: 'Latchkey <no-reply@localhost>',
      requireEmailVerification: false,
      sendVerificationOnSignUp: true,
      autoSignInAfterVerification: true,
      deleteAccountVerification: true,
      production: false,
      dataDir: '/srv/latchkey/data',
      adminEmails: [],
      adminRoles: {},
      organizationLimit: undefined,
      maximumTeams: undefined,
      pruneIntervalSeconds: 300,
      auditRetentionDays: 90,
      securityNotices: [...SECURITY_NOTICES],
      webDir: DEFAULT_WEB_DIR,
      cookiePrefix: 'latchkey',
      socialProviders: [],
      metricsToken: undefined,
      metricsPort: undefined,
      oauthProvider: true,
      oauthScopes: [],
      oauthResources: [],
      oauthDynamicRegistration: 'off',
      oauthOrganizationClients: true,
      geoipDatabase: undefined,
    });
  });

  it('reads GEOIP_DATABASE as a .mmdb path, relative to the folder the server was started in', () => {
    expect(loadConfig({ GEOIP_DATABASE: '/var/lib/GeoIP/GeoLite2-City.mmdb' }, CWD).geoipDatabase).toBe(
      '/var/lib/GeoIP/GeoLite2-City.mmdb',
    );
    expect(loadConfig({ GEOIP_DATABASE: 'geo/GeoIP2-Country.MMDB' }, CWD).geoipDatabase).toBe(
      '/srv/latchkey/geo/GeoIP2-Country.MMDB',
    );
    expect(loadConfig({ GEOIP_DATABASE: ' ' }, CWD).geoipDatabase).toBeUndefined();
    expect(problemsOf({ GEOIP_DATABASE: '/var/lib/GeoIP/GeoLite2-City.tar.gz' })).toEqual([
      'GEOIP_DATABASE="/var/lib/GeoIP/GeoLite2-City.tar.gz": must be the path of a MaxMind DB file (.mmdb), e.g. GeoLite2-City.mmdb',
    ]);
  });

  it('listens on the HOST address given (an IP address or a host name), on every interface when unset', () => {
    expect(loadConfig({ HOST: '127.0.0.1' }, CWD).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: ' ::1 ' }, CWD).host).toBe('::1');
    expect(loadConfig({ HOST: 'localhost' }, CWD).host).toBe('localhost');
    expect(loadConfig({ HOST: '' }, CWD).host).toBeUndefined();
    const rule =
      'must be an IP address (127.0.0.1, ::1, 0.0.0.0) or a host name (localhost), without brackets or a port';
    expect(problemsOf({ HOST: '[::1]' })).toEqual([`HOST="[::1]": ${rule}`]);
    expect(problemsOf({ HOST: '127.0.0.1:3000' })).toEqual([`HOST="127.0.0.1:3000": ${rule}`]);
    expect(problemsOf({ HOST: 'http://localhost' })).toEqual([`HOST="http://localhost": ${rule}`]);
  });

  it('serves metrics only when METRICS_TOKEN or METRICS_PORT says how, refusing a short token without echoing it', () => {
    const token = 'scrape-token-0123456789';
    expect(loadConfig({ METRICS_TOKEN: token }, CWD)).toMatchObject({ metricsToken: token, metricsPort: undefined });
    expect(loadConfig({ METRICS_PORT: '9464' }, CWD)).toMatchObject({ metricsToken: undefined, metricsPort: 9464 });
    const problems = problemsOf({ METRICS_TOKEN: 'short-secret' });
    expect(problems).toEqual(['METRICS_TOKEN: must be at least 16 characters']);
    expect(problems.join()).not.toContain('short-secret');
    expect(problemsOf({ METRICS_TOKEN: 'with a space in the token' })).toEqual([
      'METRICS_TOKEN: must be printable ASCII without spaces (it is sent in a header)',
    ]);
    expect(problemsOf({ METRICS_PORT: '70000' })).toEqual([
      'METRICS_PORT="70000": must be a whole number between 1 and 65535',
    ]);
    expect(problemsOf({ PORT: '8080', METRICS_PORT: '8080' })).toEqual([
      'METRICS_PORT="8080": must differ from PORT, the public port',
    ]);
    expect(problemsOf({ METRICS_PORT: '3000' })).toEqual([
      'METRICS_PORT="3000": must differ from PORT, the public port',
    ]);
  });

  it('reads LATCHKEY_PREVIOUS_SECRETS as a list and refuses a short one without echoing any', () => {
    const older = 'b'.repeat(32);
    expect(loadConfig({ LATCHKEY_PREVIOUS_SECRETS: ` ${older} , ${'c'.repeat(40)} ` }, CWD).previousSecrets).toEqual([
      older,
      'c'.repeat(40),
    ]);
    const problems = problemsOf({ LATCHKEY_PREVIOUS_SECRETS: `${older},too-short-secret` });
    expect(problems).toEqual(['LATCHKEY_PREVIOUS_SECRETS: each must be at least 32 characters']);
    expect(problems.join()).not.toContain('too-short-secret');
  });

  it('takes the cookie prefix from COOKIE_PREFIX and refuses one that cannot start a cookie name', () => {
    expect(loadConfig({ COOKIE_PREFIX: 'better-auth' }, CWD).cookiePrefix).toBe('better-auth');
    for (const bad of ['a b', 'x;y', 'é', '.dot', 'a'.repeat(65)]) {
      expect(problemsOf({ COOKIE_PREFIX: bad })).toEqual([
        `COOKIE_PREFIX=${JSON.stringify(bad)}: must be 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit`,
      ]);
    }
  });

  it('serves the web app from WEB_DIR, relative to the folder the server was started in', () => {
    expect(loadConfig({ WEB_DIR: 'public' }, CWD).webDir).toBe('/srv/latchkey/public');
    expect(loadConfig({ WEB_DIR: '/opt/web' }, CWD).webDir).toBe('/opt/web');
  });

  it('derives the base URL from PORT and treats empty values as unset', () => {
    const config = loadConfig({ PORT: '8080', BASE_URL: '', DATABASE_URL: ' ', LOG_LEVEL: '' }, CWD);
    expect(config.baseURL).toBe('http://localhost:8080');
    expect(config.databaseUrl).toBe('/srv/latchkey/data/latchkey.db');
    expect(config.logLevel).toBe('info');
  });

  it('turns rate limiting on in production unless RATE_LIMIT says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }, CWD).rateLimit).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', RATE_LIMIT: 'off' }, CWD).rateLimit).toBe(false);
    expect(loadConfig({ RATE_LIMIT: 'on' }, CWD).rateLimit).toBe(true);
  });

  it('keeps counters in memory unless REDIS_URL names a Redis server', () => {
    expect(loadConfig({}, CWD).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0' }, CWD).redisUrl).toBe('redis://127.0.0.1:6379/0');
    expect(loadConfig({ REDIS_URL: 'rediss://cache.internal:6380' }, CWD).redisUrl).toBe(
      'rediss://cache.internal:6380',
    );
  });

  it('reads ORGANIZATION_LIMIT and MAXIMUM_TEAMS as limits from 1, and refuses anything else', () => {
    expect(loadConfig({ ORGANIZATION_LIMIT: '3', MAXIMUM_TEAMS: '10' }, CWD)).toMatchObject({
      organizationLimit: 3,
      maximumTeams: 10,
    });
    expect(problemsOf({ ORGANIZATION_LIMIT: '0', MAXIMUM_TEAMS: '-2' })).toEqual([
      'ORGANIZATION_LIMIT="0": must be a whole number from 1 to 999999999',
      'MAXIMUM_TEAMS="-2": must be a whole number from 1 to 999999999',
    ]);
  });

  it('reads the OAuth provider settings: OAUTH_PROVIDER, OAUTH_SCOPES, OAUTH_RESOURCES, OAUTH_DYNAMIC_REGISTRATION, OAUTH_ORGANIZATION_CLIENTS', () => {
    expect(
      loadConfig(
        {
          OAUTH_PROVIDER: 'off',
          OAUTH_SCOPES: 'read:notes, write:notes,read:notes',
          OAUTH_RESOURCES: 'https://api.example.com, urn:example:billing',
          OAUTH_DYNAMIC_REGISTRATION: 'authenticated',
          OAUTH_ORGANIZATION_CLIENTS: 'off',
        },
        CWD,
      ),
    ).toMatchObject({
      oauthProvider: false,
      oauthOrganizationClients: false,
      oauthScopes: ['read:notes', 'write:notes'],
      oauthResources: ['https://api.example.com', 'urn:example:billing'],
      oauthDynamicRegistration: 'authenticated',
    });
    expect(loadConfig({ OAUTH_PROVIDER: 'on', OAUTH_DYNAMIC_REGISTRATION: 'open' }, CWD)).toMatchObject({
      oauthProvider: true,
      oauthDynamicRegistration: 'open',
      oauthOrganizationClients: true,
    });
    expect(
      problemsOf({
        OAUTH_PROVIDER: 'yes',
        OAUTH_SCOPES: 'read:notes,say"hi"',
        OAUTH_RESOURCES: 'https://api.example.com#part,not a uri',
        OAUTH_DYNAMIC_REGISTRATION: 'anyone',
      }),
    ).toEqual([
      'OAUTH_PROVIDER="yes": must be "on" or "off"',
      'OAUTH_SCOPES entry 2 ("say\\"hi\\""): each entry must be a scope: printable ASCII without quotes or backslashes',
      'OAUTH_RESOURCES entry 1 ("https://api.example.com#part"): each entry must be a URI without a fragment',
      'OAUTH_RESOURCES entry 2 ("not a uri"): each entry must be an absolute URI',
      'OAUTH_DYNAMIC_REGISTRATION="anyone": must be "off", "authenticated" or "open"',
    ]);
  });

  it('reads AUDIT_RETENTION_DAYS as whole days from 1, and refuses anything else', () => {
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }, CWD).auditRetentionDays).toBe(30);
    expect(loadConfig({ SECURITY_NOTICES: 'off' }, CWD).securityNotices).toEqual([]);
    expect(loadConfig({ SECURITY_NOTICES: 'password-changed, user-banned' }, CWD).securityNotices).toEqual([
      'password-changed',
      'user-banned',
    ]);
    expect(() => loadConfig({ SECURITY_NOTICES: 'password-stolen' }, CWD)).toThrow(/SECURITY_NOTICES/);
    expect(problemsOf({ AUDIT_RETENTION_DAYS: '0' })).toEqual([
      'AUDIT_RETENTION_DAYS="0": must be a whole number from 1 to 999999999',
    ]);
  });

  it('reads PRUNE_INTERVAL_SECONDS as whole seconds, 0 turning pruning off, and refuses anything else', () => {
    expect(loadConfig({ PRUNE_INTERVAL_SECONDS: '2' }, CWD).pruneIntervalSeconds).toBe(2);
    expect(loadConfig({ PRUNE_INTERVAL_SECONDS: '0' }, CWD).pruneIntervalSeconds).toBe(0);
    expect(problemsOf({ PRUNE_INTERVAL_SECONDS: '1.5' })).toEqual([
      'PRUNE_INTERVAL_SECONDS="1.5": must be a whole number of seconds, 0 to turn pruning off',
    ]);
  });

  it('refuses a REDIS_URL that is not a redis URL, without echoing it', () => {
    const problems = problemsOf({ REDIS_URL: 'http://:hunter2@cache' });
    expect(problems).toEqual(['REDIS_URL: must be a redis:// or rediss:// URL']);
    expect(problems.join()).not.toContain('hunter2');
  });

  it('sends mail over SMTP when SMTP_URL names an smtp:// or smtps:// server, from MAIL_FROM', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://mailer:s3cret@mail.internal:587' }, CWD).smtpUrl).toBe(
      'smtp://mailer:s3cret@mail.internal:587',
    );
    expect(loadConfig({ SMTP_URL: ' smtps://mail.example.com ' }, CWD).smtpUrl).toBe('smtps://mail.example.com');
    expect(loadConfig({ MAIL_FROM: 'Acme <accounts@acme.example>' }, CWD).mailFrom).toBe(
      'Acme <accounts@acme.example>',
    );
    expect(loadConfig({ MAIL_FROM: 'accounts@acme.example' }, CWD).mailFrom).toBe('accounts@acme.example');
    expect(loadConfig({ SMTP_URL: '', MAIL_FROM: '' }, CWD)).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Latchkey <no-reply@localhost>',
    });
  });

  it('refuses an SMTP_URL that is not an smtp URL, without echoing it', () => {
    for (const SMTP_URL of [
      'http://mailer:hunter2@mail.internal',
      'smtp:mailer:hunter2@mail.internal',
      'mail.internal:hunter2',
      'smtp://',
    ]) {
      const problems = problemsOf({ SMTP_URL });
      expect(problems).toEqual(['SMTP_URL: must be an smtp:// or smtps:// URL']);
      expect(problems.join()).not.toContain('hunter2');
    }
  });

  it('refuses a MAIL_FROM that is not an address, or that would add a header', () => {
    const message = 'must be an address, or a name and an address as "Name <address>"';
    expect(problemsOf({ MAIL_FROM: 'Latchkey' })).toEqual([`MAIL_FROM="Latchkey": ${message}`]);
    expect(problemsOf({ MAIL_FROM: 'Acme <accounts>' })).toEqual([`MAIL_FROM="Acme <accounts>": ${message}`]);
    expect(problemsOf({ MAIL_FROM: 'Acme\r\nBcc: all@example.com <a@acme.example>' })).toHaveLength(1);
  });

  it('reads each mail-flow switch as on or off, with the defaults of the standalone server', () => {
    const config = loadConfig(
      {
        REQUIRE_EMAIL_VERIFICATION: 'on',
        SEND_VERIFICATION_ON_SIGN_UP: 'off',
        AUTO_SIGN_IN_AFTER_VERIFICATION: 'off',
        DELETE_ACCOUNT_VERIFICATION: 'off',
      },
      CWD,
    );
    expect(config).toMatchObject({
      requireEmailVerification: true,
      sendVerificationOnSignUp: false,
      autoSignInAfterVerification: false,
      deleteAccountVerification: false,
    });
    expect(
      loadConfig(
        {
          REQUIRE_EMAIL_VERIFICATION: 'off',
          SEND_VERIFICATION_ON_SIGN_UP: 'on',
          AUTO_SIGN_IN_AFTER_VERIFICATION: 'on',
          DELETE_ACCOUNT_VERIFICATION: 'on',
        },
        CWD,
      ),
    ).toMatchObject({
      requireEmailVerification: false,
      sendVerificationOnSignUp: true,
      autoSignInAfterVerification: true,
      deleteAccountVerification: true,
    });
  });

  it('refuses a mail-flow switch that is not on or off, naming each', () => {
    expect(
      problemsOf({
        REQUIRE_EMAIL_VERIFICATION: 'true',
        SEND_VERIFICATION_ON_SIGN_UP: '1',
        AUTO_SIGN_IN_AFTER_VERIFICATION: 'yes',
        DELETE_ACCOUNT_VERIFICATION: 'ON',
      }),
    ).toEqual([
      'REQUIRE_EMAIL_VERIFICATION="true": must be "on" or "off"',
      'SEND_VERIFICATION_ON_SIGN_UP="1": must be "on" or "off"',
      'AUTO_SIGN_IN_AFTER_VERIFICATION="yes": must be "on" or "off"',
      'DELETE_ACCOUNT_VERIFICATION="ON": must be "on" or "off"',
    ]);
  });

  it('reads each database URL form and resolves relative SQLite paths against the given folder', () => {
    const url = (DATABASE_URL: string) => loadConfig({ DATABASE_URL }, CWD);
    expect(url('db/app.sqlite')).toMatchObject({ databaseUrl: '/srv/latchkey/db/app.sqlite', dialect: 'sqlite' });
    expect(url('sqlite:./x.db')).toMatchObject({ databaseUrl: '/srv/latchkey/x.db', dialect: 'sqlite' });
    expect(url('sqlite:///var/lib/x.db')).toMatchObject({ databaseUrl: '/var/lib/x.db', dialect: 'sqlite' });
    expect(url('/abs/x.db')).toMatchObject({ databaseUrl: '/abs/x.db', dialect: 'sqlite' });
    expect(url('sqlite::memory:')).toMatchObject({ databaseUrl: ':memory:', dialect: 'sqlite' });
    expect(url('postgres://u:p@db:5432/auth')).toMatchObject({
      databaseUrl: 'postgres://u:p@db:5432/auth',
      dialect: 'postgres',
    });
    expect(url('postgresql://db/auth')).toMatchObject({ dialect: 'postgres' });
    expect(url('mysql://root@db:3306/auth')).toMatchObject({
      databaseUrl: 'mysql://root@db:3306/auth',
      dialect: 'mysql',
    });
    expect(url('mariadb://root@db/auth')).toMatchObject({ dialect: 'mysql' });
  });

  it('keeps only the origin of each trusted origin and trims the base URL', () => {
    const config = loadConfig(
      {
        TRUSTED_ORIGINS: ' https://app.example.com/path , http://localhost:5173,',
        BASE_URL: 'https://auth.example.com/',
      },
      CWD,
    );
    expect(config.trustedOrigins).toEqual(['https://app.example.com', 'http://localhost:5173']);
    expect(config.baseURL).toBe('https://auth.example.com');
  });

  it('reads trusted proxies as a comma-separated list of addresses', () => {
    const config = loadConfig({ TRUSTED_PROXIES: '10.0.0.1, ::FFFF:10.0.0.2, 0:0:0:0:0:0:0:1, FD00::A' }, CWD);
    expect(config.trustedProxies).toEqual(['10.0.0.1', '::FFFF:10.0.0.2', '0:0:0:0:0:0:0:1', 'FD00::A']);
  });

  it('accepts a configured secret of 32 characters', () => {
    expect(loadConfig({ LATCHKEY_SECRET: SECRET }, CWD).secret).toBe(SECRET);
  });

  it('names the variable, the value and the rule for each bad value, all at once', () => {
    const problems = problemsOf({
      PORT: 'abc',
      BASE_URL: 'ftp://x',
      RATE_LIMIT: 'yes',
      LOG_LEVEL: 'loud',
      TRUSTED_ORIGINS: 'https://ok.example,not a url',
      TRUSTED_PROXIES: 'proxy.internal',
      DATABASE_URL: 'redis://:password@cache',
    });
    expect(problems).toEqual([
      'PORT="abc": must be a whole number between 1 and 65535',
      'BASE_URL="ftp://x": must be an http:// or https:// URL',
      'TRUSTED_ORIGINS entry 2 ("not a url"): must be an http:// or https:// URL',
      'TRUSTED_PROXIES entry 1 ("proxy.internal"): each entry must be an IP address',
      'RATE_LIMIT="yes": must be "on" or "off"',
      'LOG_LEVEL="loud": must be one of fatal, error, warn, info, debug, trace, silent',
      'DATABASE_URL: unsupported scheme "redis://" (use a file path, sqlite:PATH, postgres://… or mysql://…)',
    ]);
    expect(problems.join()).not.toContain('password');
  });

  it('refuses ports out of range', () => {
    expect(problemsOf({ PORT: '0' })).toEqual(['PORT="0": must be a whole number between 1 and 65535']);
    expect(problemsOf({ PORT: '70000' })).toHaveLength(1);
  });

  it('refuses a short secret without echoing it', () => {
    const problems = problemsOf({ LATCHKEY_SECRET: 'hunter2' });
    expect(problems).toEqual(['LATCHKEY_SECRET: must be at least 32 characters']);
    expect(problems.join()).not.toContain('hunter2');
  });

  it('refuses database URLs it cannot open', () => {
    expect(problemsOf({ DATABASE_URL: 'redis://cache:6379' })).toEqual([
      'DATABASE_URL: unsupported scheme "redis://" (use a file path, sqlite:PATH, postgres://… or mysql://…)',
    ]);
    expect(problemsOf({ DATABASE_URL: 'sqlite:' })).toEqual(['DATABASE_URL: sqlite: needs a file path']);
    expect(problemsOf({ DATABASE_URL: 'postgres://[bad' })).toEqual(['DATABASE_URL: is not a valid URL']);
  });

  it('puts the problems in the error message, one per line', () => {
    expect(() => loadConfig({ PORT: 'x' }, CWD)).toThrow('Invalid configuration:\n  - PORT="x"');
  });

  it('reads LATCHKEY_ADMIN_EMAILS as a lower-cased list without duplicates', () => {
    expect(loadConfig({ LATCHKEY_ADMIN_EMAILS: '' }, CWD).adminEmails).toEqual([]);
    expect(
      loadConfig({ LATCHKEY_ADMIN_EMAILS: ' Boss@Example.com, ops@example.org ,boss@example.com,' }, CWD).adminEmails,
    ).toEqual(['boss@example.com', 'ops@example.org']);
  });

  it('refuses a LATCHKEY_ADMIN_EMAILS entry that is not an e-mail address, naming it by position', () => {
    expect(problemsOf({ LATCHKEY_ADMIN_EMAILS: 'boss@example.com, not-an-address' })).toEqual([
      'LATCHKEY_ADMIN_EMAILS entry 2 ("not-an-address"): each entry must be an e-mail address',
    ]);
  });

  it('reads ADMIN_ROLES as JSON roles beside admin and user, each action named once', () => {
    const config = loadConfig(
      { ADMIN_ROLES: ' {"support":{"user":["list","get","list"],"session":["list"]},"auditor":{}} ' },
      CWD,
    );
    expect(config.adminRoles).toEqual({ support: { user: ['list', 'get'], session: ['list'] }, auditor: {} });
    expect(loadConfig({ ADMIN_ROLES: '' }, CWD).adminRoles).toEqual({});
  });

  it('refuses ADMIN_ROLES that is not a JSON object, without echoing it', () => {
    const message =
      'ADMIN_ROLES: must be a JSON object of roles, e.g. {"support":{"user":["list","get"],"session":["list"]}}';
    for (const ADMIN_ROLES of ['support', '{"support":', '["support"]', 'null', '42'])
      expect(problemsOf({ ADMIN_ROLES })).toEqual([message]);
  });

  it('refuses each unknown resource or action, a built-in or malformed role name, and a role that is not an object, all at once', () => {
    const problems = problemsOf({
      ADMIN_ROLES: JSON.stringify({
        support: { user: ['list', 'lst'], users: ['get'], session: 'list' },
        admin: { user: ['list'] },
        user: {},
        'ops team': { user: ['list'] },
        'a,b': {},
        auditor: ['list'],
      }),
    });
    expect(problems).toEqual([
      'ADMIN_ROLES: role "support": "lst" is not an action on user (create, list, set-role, ban, impersonate, impersonate-admins, delete, set-password, get, update, set-email, set-role-admins, ban-admins, delete-admins, set-password-admins, update-admins)',
      'ADMIN_ROLES: role "support": "users" is not a resource (user, session, audit, twoFactor, oauthClient, passkey)',
      'ADMIN_ROLES: role "support": session must be a list of actions (list, revoke, delete, revoke-admins)',
      'ADMIN_ROLES: role "admin" is built in and cannot be redefined',
      'ADMIN_ROLES: role "user" is built in and cannot be redefined',
      'ADMIN_ROLES: role "ops team": a name is up to 64 letters, digits, ".", "_" or "-", without spaces or commas',
      'ADMIN_ROLES: role "a,b": a name is up to 64 letters, digits, ".", "_" or "-", without spaces or commas',
      'ADMIN_ROLES: role "auditor" must map resources to lists of actions',
    ]);
  });
});
