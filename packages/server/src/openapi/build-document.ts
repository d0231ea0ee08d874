/**
 * @module The OpenAPI 3.1 document of an auth's HTTP routes, the core's and its plugins', built
 * from the endpoint definitions (never written by hand beside them). Loaded by a dynamic import at
 * the first request for it, so an engine that is never asked does not carry it.
 */
import packageJson from '../../package.json' with { type: 'json' };
import type { JsonSchema } from './json-schema';
import { createSchemaConverter } from './json-schema';
import { describeOperation, SESSION_SCHEME, sharedErrorResponses } from './operation';
import type { RouteGroup } from './route-groups';

export interface DocumentSettings {
  /** Where the routes are: the base URL and base path. */
  readonly serverUrl: string;
  /** The session token cookie's name, with the configured prefix. */
  readonly sessionCookie: string;
}

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: 'The catalogue entry: what a client switches on' },
    message: { type: 'string' },
    details: {
      type: 'array',
      description: 'For VALIDATION_ERROR: each field refused, and why',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

export function buildOpenApiDocument(groups: readonly RouteGroup[], settings: DocumentSettings): JsonSchema {
  const converter = createSchemaConverter();
  const paths: Record<string, JsonSchema> = {};
  for (const group of groups) {
    for (const endpoint of group.endpoints) {
      if (endpoint.serverOnly) continue;
      const { path, method, operation } = describeOperation(endpoint, group.name, converter);
      paths[path] = { ...paths[path], [method]: operation };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Latchkey',
      version: packageJson.version,
      description: 'Authentication and accounts, wire-compatible with better-auth. Errors answer `{ code, message }`.',
    },
    servers: [{ url: settings.serverUrl }],
    tags: groups.filter((group) => group.endpoints.some((e) => !e.serverOnly)).map(({ name }) => ({ name })),
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA, ...converter.components },
      responses: sharedErrorResponses(),
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: settings.sessionCookie,
          description: 'The signed session token cookie that sign-in sets',
        },
      },
    },
  };
}
