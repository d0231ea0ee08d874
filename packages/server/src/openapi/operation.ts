/**
 * @module One endpoint as an OpenAPI operation: its path with `{param}`s, query parameters and
 * request body from its zod schemas, its success answer, and its error answers grouped by status,
 * each listing the catalogue codes it may carry.
 */
import type { AnyEndpoint, EndpointAnswer, EndpointResponse } from '../endpoint/define-endpoint';
import { ERRORS, type ErrorEntry } from '../endpoint/errors';
import type { JsonSchema, SchemaConverter } from './json-schema';
import { routeErrors } from './route-errors';

export const ERROR_SCHEMA_REF = '#/components/schemas/Error';
export const SESSION_SCHEME = 'sessionCookie';

export interface DescribedOperation {
  /** The document's path: `:param` segments as `{param}`. */
  readonly path: string;
  readonly method: 'get' | 'post';
  readonly operation: JsonSchema;
}

const PARAM = /:([A-Za-z0-9_]+)/g;

function queryParameters(schema: JsonSchema): JsonSchema[] {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  if (properties) {
    return Object.entries(properties).map(([name, property]) => ({
      name,
      in: 'query',
      required: required.has(name),
      schema: property,
    }));
  }
  // A free-form query (an identity provider's callback): any fields, as one exploded object.
  return [{ name: 'fields', in: 'query', style: 'form', explode: true, schema }];
}

function isAnswerList(response: EndpointResponse): response is readonly EndpointAnswer[] {
  return Array.isArray(response);
}

function answersOf(response: EndpointResponse | undefined): readonly EndpointAnswer[] {
  if (response === undefined) return [];
  return isAnswerList(response) ? response : [response];
}

function successResponses(endpoint: AnyEndpoint, converter: SchemaConverter): JsonSchema {
  const answers = answersOf(endpoint.response);
  const content: JsonSchema = {};
  const responses: JsonSchema = {};
  for (const [index, answer] of answers.entries()) {
    if (answer === 'redirect') {
      responses['302'] = {
        description: 'Sent on to the callback URL (with an `error` query parameter when the link failed)',
        headers: { Location: { schema: { type: 'string' } } },
      };
    } else if (answer === 'html') {
      content['text/html'] = { schema: { type: 'string' } };
    } else if (answer === 'csv') {
      content['text/csv'] = { schema: { type: 'string', description: 'UTF-8 with a byte-order mark, RFC 4180' } };
    } else if (answer === 'file') {
      content['*/*'] = { schema: { type: 'string', contentMediaType: 'application/octet-stream' } };
    } else {
      const name = `${endpoint.id}.response${index || ''}`;
      content['application/json'] = { schema: converter.convert(answer, name, 'output').schema };
    }
  }
  // Undeclared: some JSON.
  if (answers.length === 0) content['application/json'] = { schema: {} };
  if (Object.keys(content).length > 0) responses['200'] = { description: 'Success', content };
  if (endpoint.acceptsForm) {
    responses['303'] = {
      description: 'An HTML form post that named a callback URL is sent there',
      headers: { Location: { schema: { type: 'string' } } },
    };
  }
  return responses;
}

/** An error answer listing its codes, each with an example. */
function errorResponse(group: readonly ErrorEntry[]): JsonSchema {
  const codes = [...new Set(group.map((entry) => entry.code))];
  const examples: Record<string, JsonSchema> = {};
  for (const { code, message } of group) {
    const key = examples[code] ? `${code}_${Object.keys(examples).length}` : code;
    examples[key] = { value: { code, message } };
  }
  return {
    description: codes.map((code) => `\`${code}\``).join(', '),
    content: {
      'application/json': {
        schema: { allOf: [{ $ref: ERROR_SCHEMA_REF }, { properties: { code: { enum: codes } } }] },
        examples,
      },
    },
  };
}

/** The answers every route may give alike, written once in the document's components. */
const SHARED_ERRORS: readonly (readonly [string, ErrorEntry])[] = [
  ['TooManyRequests', ERRORS.tooManyRequests],
  ['InternalServerError', ERRORS.internal],
  ['ServiceUnavailable', ERRORS.serviceUnavailable],
];

export function sharedErrorResponses(): JsonSchema {
  return Object.fromEntries(SHARED_ERRORS.map(([name, entry]) => [name, errorResponse([entry])]));
}

function errorResponses(entries: readonly ErrorEntry[]): JsonSchema {
  const byStatus = new Map<number, ErrorEntry[]>();
  for (const entry of entries) byStatus.set(entry.status, [...(byStatus.get(entry.status) ?? []), entry]);
  const responses: JsonSchema = {};
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    const shared = group.length === 1 ? SHARED_ERRORS.find(([, entry]) => entry === group[0]) : undefined;
    responses[String(status)] = shared ? { $ref: `#/components/responses/${shared[0]}` } : errorResponse(group);
  }
  return responses;
}

export function describeOperation(endpoint: AnyEndpoint, tag: string, converter: SchemaConverter): DescribedOperation {
  const redirectErrors: ErrorEntry[] = [];
  const parameters: JsonSchema[] = [...endpoint.path.matchAll(PARAM)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (endpoint.query) {
    const query = converter.convert(endpoint.query, `${endpoint.id}.query`, 'input');
    redirectErrors.push(...query.redirectErrors);
    parameters.push(...queryParameters(query.schema));
  }
  const operation: JsonSchema = {
    operationId: endpoint.id,
    ...(endpoint.summary ? { summary: endpoint.summary } : {}),
    tags: [tag],
  };
  if (parameters.length > 0) operation.parameters = parameters;
  // The router reads a body on POST only.
  if (endpoint.method === 'POST' && endpoint.body) {
    const body = converter.convert(endpoint.body, `${endpoint.id}.body`, 'input');
    redirectErrors.push(...body.redirectErrors);
    const media = { schema: body.schema };
    operation.requestBody = {
      required: ((body.schema.required as unknown[] | undefined) ?? []).length > 0,
      content: {
        'application/json': media,
        ...(endpoint.acceptsForm ? { 'application/x-www-form-urlencoded': media } : {}),
      },
    };
  }
  if ((endpoint.session ?? 'none') !== 'none') operation.security = [{ [SESSION_SCHEME]: [] }];
  operation.responses = {
    ...successResponses(endpoint, converter),
    ...errorResponses(routeErrors(endpoint, redirectErrors)),
  };
  return {
    path: endpoint.path.replace(PARAM, '{$1}'),
    method: endpoint.method === 'GET' ? 'get' : 'post',
    operation,
  };
}
