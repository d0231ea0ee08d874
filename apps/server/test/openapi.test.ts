/**
 * GET /api/auth/openapi.json of the standalone server's auth: a valid OpenAPI 3.1 document with
 * every route served over HTTP (and none of the server-only ones), the request schemas of the
 * endpoints, and the error codes each route answers, the guards' and the route's own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import {
  AUDIT_ERRORS,
  createAuth,
  ERRORS,
  PASSKEY_ERRORS,
  TWO_FACTOR_ERRORS,
  type ErrorCatalogue,
} from '@latchkey/server';
import { authInternalsForTests } from '@latchkey/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BrowserCookies } from '../../../test/browser-cookies';
import { serverPlugins } from '../src/plugins';
// The plugins' catalogues, to read the entries their route files name.
import { ADMIN_ERRORS } from '../../../packages/server/src/plugins/admin/errors';
import { ORGANIZATION_ERRORS } from '../../../packages/server/src/plugins/organization/errors';
import { MEMBER_ACTIONS } from '../../../packages/server/src/plugins/organization/membership';
import { USERNAME_ERRORS } from '../../../packages/server/src/plugins/username/errors';

type Json = Record<string, any>;

/** The organization plugin's guards that routes call, and what each answers. */
const HELPER_ERRORS: Record<string, string[]> = {
  requireCallerMembership: [ORGANIZATION_ERRORS.noActiveOrganization.code, ORGANIZATION_ERRORS.notAMember.code],
  authorizeTeamMemberChange: [ORGANIZATION_ERRORS.noActiveOrganization.code, ORGANIZATION_ERRORS.notAMember.code],
  organizationIdOf: [ORGANIZATION_ERRORS.noActiveOrganization.code],
  requireMember: [ORGANIZATION_ERRORS.notAMember.code],
  passwordSignIn: [ERRORS.emailNotVerified.code, ERRORS.failedToCreateSession.code],
};

const BASE_URL = 'http://localhost:3000';

function standaloneAuth(options: { cookiePrefix?: string } = {}) {
  return createAuth({
    baseURL: BASE_URL,
    secret: 'openapi-document-test-secret-0123456789ab',
    database: { url: 'sqlite::memory:' },
    plugins: serverPlugins({ adminEmails: [] }),
    advanced: options.cookiePrefix ? { cookiePrefix: options.cookiePrefix } : undefined,
  });
}

async function fetchDocument(auth: ReturnType<typeof standaloneAuth>): Promise<{ response: Response; document: Json }> {
  const response = await auth.handler(new Request(`${BASE_URL}/api/auth/openapi.json`));
  return { response, document: (await response.clone().json()) as Json };
}

/** The codes an operation's error answers list, from their `code` enums (shared answers by reference). */
function errorCodes(operation: Json, document: Json): string[] {
  return Object.entries(operation.responses as Json).flatMap(([status, response]) => {
    if (Number(status) < 400) return [];
    const answer = response.$ref ? document.components.responses[response.$ref.split('/').pop()] : response;
    return answer.content['application/json'].schema.allOf[1].properties.code.enum as string[];
  });
}

/**
 * Clients of `auth` whose every answer must be a 200 that the document's own response schema for
 * the route accepts: the JSON Schema a client reads (references resolved, made a validator again by
 * zod's `fromJSONSchema`), not the zod schema it was written from.
 */
function describedClients(auth: ReturnType<typeof standaloneAuth>, document: Json) {
  const resolved = new Validator().resolveRefs({ specification: structuredClone(document) }) as Json;
  const checked = new Set<string>();
  const schemaOf = (method: string, path: string) =>
    z.fromJSONSchema(
      resolved.paths[path.split('?')[0]!][method.toLowerCase()].responses['200'].content['application/json'].schema,
    );
  const issuesOf = (method: string, path: string, answer: unknown) =>
    schemaOf(method, path).safeParse(answer).error?.issues ?? [];
  return {
    /** The routes whose answers were checked, as `METHOD /path`. */
    get checked() {
      return [...checked];
    },
    accepts: (method: string, path: string, answer: unknown) => issuesOf(method, path, answer).length === 0,
    client() {
      const jar = () => new BrowserCookies(`${BASE_URL}/api/auth/`);
      let cookies = jar();
      return {
        forget: () => {
          cookies = jar();
        },
        async call(method: 'GET' | 'POST', path: string, body?: Json): Promise<unknown> {
          const url = `${BASE_URL}/api/auth${path}`;
          const response = await auth.handler(
            new Request(url, {
              method,
              headers: {
                origin: BASE_URL,
                cookie: cookies.header(url),
                ...(body ? { 'content-type': 'application/json' } : {}),
              },
              body: body ? JSON.stringify(body) : undefined,
            }),
          );
          cookies.keep(response, url);
          const answer = (await response.json()) as unknown;
          expect(response.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBe(200);
          expect(issuesOf(method, path, answer), `${method} ${path}: ${JSON.stringify(answer)}`).toEqual([]);
          checked.add(`${method} ${path.split('?')[0]}`);
          return answer;
        },
      };
    },
  };
}

describe('the OpenAPI document', () => {
  let auth: ReturnType<typeof standaloneAuth>;
  let document: Json;

  beforeAll(async () => {
    auth = standaloneAuth();
    await auth.migrate();
    ({ document } = await fetchDocument(auth));
  });
  afterAll(() => auth.close());

  it('is a valid OpenAPI 3.1 document, served as JSON', async () => {
    const { response } = await fetchDocument(auth);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names Latchkey, its version and where the routes are', () => {
    expect(document.info).toMatchObject({ title: 'Latchkey', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(document.servers).toEqual([{ url: `${BASE_URL}/api/auth` }]);
    expect(document.components.securitySchemes.sessionCookie).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'latchkey.session_token' }),
    );
  });

  it('describes every route served over HTTP with its method, and no server-only one', () => {
    const served = auth.endpoints.filter((endpoint) => !endpoint.serverOnly);
    expect(served.length).toBeGreaterThan(80);
    for (const endpoint of served) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
      expect(document.paths[path]?.[endpoint.method.toLowerCase()]?.operationId, `${endpoint.method} ${path}`).toBe(
        endpoint.id,
      );
    }
    const operations = Object.values(document.paths as Json).flatMap((item) => Object.keys(item));
    expect(operations).toHaveLength(served.length);
    const serverOnly = auth.endpoints.filter((endpoint) => endpoint.serverOnly).map((endpoint) => endpoint.path);
    expect(serverOnly).toEqual(expect.arrayContaining(['/set-password', '/organization/add-member']));
    for (const path of serverOnly) expect(document.paths[path]).toBeUndefined();
  });

  it('gives every operation a one-line summary of its own', () => {
    const summaries = Object.entries(document.paths as Json).flatMap(([path, item]) =>
      Object.entries(item as Json).map(([method, operation]) => ({
        at: `${method} ${path}`,
        summary: operation.summary,
      })),
    );
    for (const { at, summary } of summaries) {
      expect(summary, at).toEqual(expect.any(String));
      expect(summary.length, at).toBeGreaterThan(3);
      expect(summary.length, at).toBeLessThanOrEqual(80);
      expect(summary, at).not.toContain('\n');
    }
    expect(new Set(summaries.map(({ summary }) => summary)).size).toBe(summaries.length);
    expect(document.paths['/sign-in/email'].post.summary).toBe('Sign in with e-mail and password');
  });

  it('tags each operation with the plugin that declares it', () => {
    expect(document.paths['/sign-in/email'].post.tags).toEqual(['core']);
    expect(document.paths['/admin/list-users'].get.tags).toEqual(['admin']);
    expect(document.paths['/organization/create'].post.tags).toEqual(['organization']);
    expect(document.paths['/sign-in/username'].post.tags).toEqual(['username']);
  });

  it('gives sign-in/email a JSON and form body with email and password required', () => {
    const { requestBody } = document.paths['/sign-in/email'].post;
    expect(requestBody.required).toBe(true);
    const schema = requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['email', 'password', 'rememberMe', 'callbackURL']),
    );
    expect(requestBody.content['application/x-www-form-urlencoded'].schema).toEqual(schema);
    expect(document.paths['/sign-in/email'].post.responses['200'].content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['redirect', 'token', 'user']),
    );
  });

  it('gives admin/list-users its query parameters, limit among them, and the session cookie as security', () => {
    const operation = document.paths['/admin/list-users'].get;
    const limit = operation.parameters.find((parameter: Json) => parameter.name === 'limit');
    expect(limit).toMatchObject({ in: 'query', required: false });
    expect(operation.parameters.map((parameter: Json) => parameter.name)).toEqual(
      expect.arrayContaining(['searchValue', 'offset', 'sortBy', 'filterField']),
    );
    expect(operation.security).toEqual([{ sessionCookie: [] }]);
    expect(operation.responses['200'].content['application/json'].schema.required).toEqual(['users', 'total']);
  });

  it('turns path parameters into {param} with a path parameter', () => {
    const operation = document.paths['/reset-password/{token}'].get;
    expect(operation.parameters).toEqual(
      expect.arrayContaining([{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }]),
    );
    expect(operation.responses['302']).toBeDefined();
  });

  it("lists the error codes of a route: the guards' and the route's own, by status", () => {
    const signIn = document.paths['/sign-in/email'].post;
    expect(signIn.responses['401'].content['application/json'].schema.allOf[1].properties.code.enum).toEqual([
      'INVALID_EMAIL_OR_PASSWORD',
    ]);
    expect(errorCodes(signIn, document)).toEqual(
      expect.arrayContaining([
        'VALIDATION_ERROR',
        'TOO_MANY_REQUESTS',
        'INVALID_ORIGIN',
        'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED',
        'INVALID_CALLBACKURL',
        'EMAIL_NOT_VERIFIED',
      ]),
    );
    expect(signIn.responses['401'].content['application/json'].examples.INVALID_EMAIL_OR_PASSWORD.value).toEqual({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
    const listUsers = document.paths['/admin/list-users'].get;
    expect(errorCodes(listUsers, document)).toEqual(
      expect.arrayContaining(['UNAUTHORIZED', 'VALIDATION_ERROR', ADMIN_ERRORS.notAllowedToListUsers.code]),
    );
    // A GET without a session guard answers neither 401 nor an origin refusal.
    expect(errorCodes(document.paths['/ok'].get, document)).not.toContain('UNAUTHORIZED');
    expect(errorCodes(document.paths['/ok'].get, document)).not.toContain('INVALID_ORIGIN');
  });

  it('lists every catalogue entry a route file names among the codes of its operations', () => {
    const catalogues: Record<string, ErrorCatalogue> = {
      ERRORS,
      ADMIN_ERRORS,
      ORGANIZATION_ERRORS,
      USERNAME_ERRORS,
      AUDIT_ERRORS,
      TWO_FACTOR_ERRORS,
      PASSKEY_ERRORS,
    };
    const operations = new Map<string, Json>();
    for (const item of Object.values(document.paths as Json))
      for (const operation of Object.values(item as Json)) operations.set(operation.operationId, operation);
    const src = fileURLToPath(new URL('../../../packages/server/src', import.meta.url));
    // The core's routes sit in their feature folders, the plugins' in each plugin's routes/.
    const routeFiles = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    );
    let checked = 0;
    for (const file of routeFiles) {
      const source = readFileSync(join(src, file), 'utf8');
      const ids = [...source.matchAll(/\bid: '(\w+)'|define\w+\('(\w+)'/g)].map((match) => match[1] ?? match[2]!);
      const named = [
        ...[
          ...source.matchAll(
            /\b(ERRORS|ADMIN_ERRORS|ORGANIZATION_ERRORS|USERNAME_ERRORS|AUDIT_ERRORS|TWO_FACTOR_ERRORS|PASSKEY_ERRORS)\.(\w+)/g,
          ),
        ].map(([, catalogue, entry]) => catalogues[catalogue!]![entry!]!.code),
        // An action's refusal, where the route requires the action (not where it only asks).
        ...[
          ...source.matchAll(
            /requireMemberPermission\([^;]*MEMBER_ACTIONS\.(\w+)|TeamMemberChange\([^;]*MEMBER_ACTIONS\.(\w+)/g,
          ),
        ].map(
          ([, action, teamAction]) =>
            MEMBER_ACTIONS[(action ?? teamAction) as keyof typeof MEMBER_ACTIONS].refusal.code,
        ),
        ...Object.entries(HELPER_ERRORS).flatMap(([call, codes]) => (source.includes(`${call}(`) ? codes : [])),
      ];
      for (const id of ids) {
        const operation = operations.get(id);
        if (!operation) continue;
        expect(errorCodes(operation, document), `${file}: ${id}`).toEqual(expect.arrayContaining(named));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(70);
  });

  it('declares what every route answers: a JSON schema, a page, a redirect or a file, never "some JSON"', () => {
    const undeclared = auth.endpoints
      .filter((endpoint) => !endpoint.serverOnly && endpoint.response === undefined)
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(undeclared).toEqual([]);
    for (const [path, item] of Object.entries(document.paths as Json)) {
      for (const [method, operation] of Object.entries(item as Json)) {
        const success = Object.entries(operation.responses as Json).filter(([status]) => Number(status) < 400);
        expect(success.length, `${method} ${path}`).toBeGreaterThan(0);
        for (const [status, response] of success) {
          const schema = response.content?.['application/json']?.schema;
          if (schema) expect(Object.keys(schema), `${method} ${path} ${status}`).not.toHaveLength(0);
        }
      }
    }
  });

  it("answers organization, username and audit requests with JSON the document's response schemas accept", async () => {
    const described = describedClients(auth, document);
    const owner = described.client();
    const password = 'openapi-answers-password';
    const signUp = { password, name: 'Described' };
    await owner.call('POST', '/sign-up/email', { ...signUp, email: 'described@example.com', username: 'described' });
    owner.forget();
    await owner.call('POST', '/sign-in/username', { username: 'described', password });
    const created = (await owner.call('POST', '/organization/create', {
      name: 'Described',
      slug: 'described',
      metadata: { plan: 'free' },
    })) as Json;
    await owner.call('POST', '/organization/invite-member', { email: 'invited@example.com', role: 'member' });
    expect(await owner.call('GET', '/organization/get-full-organization')).toMatchObject({
      members: [{ user: { email: 'described@example.com' } }],
      invitations: [{ email: 'invited@example.com' }],
      teams: [{ memberCount: 1 }],
    });
    expect(await owner.call('GET', '/organization/list')).toHaveLength(1);
    // Audit rows are written on the next turn of the event loop.
    await authInternalsForTests(auth).background.drain();
    expect(await owner.call('GET', '/audit/list-my-events')).toMatchObject({
      events: expect.arrayContaining([expect.objectContaining({ type: 'sign-in', method: 'username' })]),
    });
    expect(described.checked).toEqual(
      expect.arrayContaining([
        'POST /organization/create',
        'GET /organization/get-full-organization',
        'GET /organization/list',
        'POST /sign-in/username',
        'GET /audit/list-my-events',
      ]),
    );
    // The check can fail: an answer the document does not describe is refused.
    const list = (await owner.call('GET', '/organization/list')) as Json[];
    expect(described.accepts('GET', '/organization/list', [{ ...list[0], createdAt: 1 }])).toBe(false);
    expect(described.accepts('GET', '/organization/list', [{ ...list[0], metadata: { plan: 'free' } }])).toBe(false);
    expect(created.metadata).toEqual({ plan: 'free' });
  });

  it("answers every other organization route, and the audit log's admin list, with JSON the document's response schemas accept", async () => {
    const described = describedClients(auth, document);
    const [owner, invitee] = [described.client(), described.client()];
    const password = 'openapi-answers-password';
    const ownerUser = (
      (await owner.call('POST', '/sign-up/email', { password, name: 'Owner', email: 'owner@example.com' })) as Json
    ).user as Json;
    const inviteeUser = (
      (await invitee.call('POST', '/sign-up/email', {
        password,
        name: 'Invitee',
        email: 'invitee@example.com',
      })) as Json
    ).user as Json;
    // Only a proven address may see its invitations: a new session, from the verified user.
    await authInternalsForTests(auth).users.update(inviteeUser.id, { emailVerified: true, updatedAt: new Date() });
    invitee.forget();
    await invitee.call('POST', '/sign-in/email', { email: 'invitee@example.com', password });
    await owner.call('POST', '/is-username-available', { username: 'free_name' });
    const organization = (await owner.call('POST', '/organization/create', { name: 'Flow', slug: 'flow' })) as Json;
    const organizationId = organization.id as string;
    await owner.call('POST', '/organization/check-slug', { slug: 'still-free' });
    await owner.call('POST', '/organization/update', {
      data: { name: 'Flow Inc', metadata: { plan: 'pro' } },
    });
    await owner.call('GET', '/organization/list-members');
    await owner.call('GET', '/organization/get-active-member');
    await owner.call('GET', '/organization/get-active-member-role');
    await owner.call('POST', '/organization/has-permission', { permissions: { organization: ['update'] } });

    const team = (await owner.call('POST', '/organization/create-team', { name: 'Second' })) as Json;
    await owner.call('GET', '/organization/list-teams');
    await owner.call('POST', '/organization/update-team', { teamId: team.id, data: { name: 'Renamed' } });
    await owner.call('POST', '/organization/add-team-member', { teamId: team.id, userId: ownerUser.id });
    await owner.call('GET', `/organization/list-team-members?teamId=${team.id}`);
    await owner.call('GET', '/organization/list-user-teams');
    await owner.call('POST', '/organization/set-active-team', { teamId: team.id });
    await owner.call('POST', '/organization/remove-team-member', { teamId: team.id, userId: ownerUser.id });
    // One's own active team cannot be removed.
    await owner.call('POST', '/organization/set-active-team', { teamId: null });
    await owner.call('POST', '/organization/remove-team', { teamId: team.id });

    const invite = async () =>
      (await owner.call('POST', '/organization/invite-member', {
        email: 'invitee@example.com',
        role: 'member',
      })) as Json;
    const first = await invite();
    await owner.call('GET', '/organization/list-invitations');
    await invitee.call('GET', '/organization/list-user-invitations');
    await invitee.call('GET', `/organization/get-invitation?id=${first.id}`);
    await described.client().call('GET', `/organization/invitation-preview?id=${first.id}`);
    const { member } = (await invitee.call('POST', '/organization/accept-invitation', {
      invitationId: first.id,
    })) as Json;
    await owner.call('POST', '/organization/update-member-role', { memberId: member.id, role: 'admin' });
    expect(await owner.call('GET', '/organization/get-full-organization')).toMatchObject({
      members: [{ role: 'owner' }, { role: 'admin', user: { email: 'invitee@example.com' } }],
    });
    expect(await invitee.call('GET', '/organization/list')).toEqual([expect.objectContaining({ id: organizationId })]);
    await owner.call('POST', '/organization/remove-member', { memberIdOrEmail: member.id });
    const second = await invite();
    await invitee.call('POST', '/organization/accept-invitation', { invitationId: second.id });
    await invitee.call('POST', '/organization/leave', { organizationId });
    await invitee.call('POST', '/organization/reject-invitation', { invitationId: (await invite()).id });
    await owner.call('POST', '/organization/cancel-invitation', { invitationId: (await invite()).id });
    await owner.call('POST', '/organization/set-active', { organizationId });
    // A platform admin's view of a user's organizations.
    await authInternalsForTests(auth).users.update(ownerUser.id, { role: 'admin', updatedAt: new Date() });
    owner.forget();
    await owner.call('POST', '/sign-in/email', { email: 'owner@example.com', password });
    expect(await owner.call('GET', `/organization/list-user-organizations?userId=${inviteeUser.id}`)).toEqual([]);
    await authInternalsForTests(auth).background.drain();
    expect(await owner.call('GET', `/admin/list-audit-events?userId=${inviteeUser.id}`)).toMatchObject({
      events: expect.arrayContaining([expect.objectContaining({ type: 'member-added', organizationId })]),
    });
    expect(await owner.call('GET', `/organization/list-user-organizations?userId=${ownerUser.id}`)).toEqual([
      expect.objectContaining({ id: organizationId, role: 'owner' }),
    ]);
    await owner.call('POST', '/organization/set-active', { organizationId: null });
    await owner.call('POST', '/organization/delete', { organizationId });

    // Every organization route served over HTTP.
    const organizationRoutes = auth.endpoints
      .filter((endpoint) => endpoint.path.startsWith('/organization/') && !endpoint.serverOnly)
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(described.checked).toEqual(expect.arrayContaining(organizationRoutes));
  });

  it('names the session cookie with the configured prefix', async () => {
    const prefixed = standaloneAuth({ cookiePrefix: 'acme' });
    try {
      await prefixed.migrate();
      const { document: other } = await fetchDocument(prefixed);
      expect(other.components.securitySchemes.sessionCookie.name).toBe('acme.session_token');
    } finally {
      await prefixed.close();
    }
  });
});
