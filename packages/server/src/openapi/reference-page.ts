/**
 * @module The API reference page (GET /reference) as one HTML document, rendered on the server
 * from the API description itself: a table of contents, then each tag's operations, each with its
 * method, path, summary, description, parameters, request body and answers with their schemas, and
 * the shared schemas last. No script: everything is in the page, links and headings are the
 * navigation, so it passes axe and a strict CSP where Swagger UI did neither
 * (docs/decisions.md, "The API reference page").
 */
import { describedText, markup, type Markup } from './reference-markup';
import { componentName, isSchema, schemaAnchor, schemaDetails, typeLabel, type JsonSchema } from './reference-schema';

export interface ReferencePageLinks {
  /** The page's style sheet and icon, as served by GET /reference/:file. */
  readonly style: string;
  readonly icon: string;
  /** GET /openapi.json, for whoever wants the machine-readable document. */
  readonly document: string;
}

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly operation: JsonSchema;
  readonly anchor: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const COMPONENT_RESPONSE = '#/components/responses/';

function text(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

function anchorOf(prefix: string, name: string): string {
  return `${prefix}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

function operationsOf(document: JsonSchema): Operation[] {
  const paths = isSchema(document.paths) ? document.paths : {};
  return Object.entries(paths).flatMap(([path, item]) =>
    isSchema(item)
      ? METHODS.filter((method) => isSchema(item[method])).map((method) => {
          const operation = item[method] as JsonSchema;
          const id = text(operation.operationId) ?? `${method}-${path}`;
          return { method, path, operation, anchor: anchorOf('operation', id) };
        })
      : [],
  );
}

/** Operations by their first tag, in the order the document lists its tags; untagged last. */
function groupByTag(document: JsonSchema, operations: readonly Operation[]): Map<string, Operation[]> {
  const groups = new Map<string, Operation[]>();
  const declared = Array.isArray(document.tags) ? document.tags : [];
  for (const tag of declared) if (isSchema(tag) && text(tag.name)) groups.set(tag.name as string, []);
  for (const entry of operations) {
    const tags = Array.isArray(entry.operation.tags) ? entry.operation.tags : [];
    const tag = text(tags[0]) ?? 'other';
    groups.set(tag, [...(groups.get(tag) ?? []), entry]);
  }
  for (const [tag, list] of groups) if (list.length === 0) groups.delete(tag);
  return groups;
}

function methodBadge(method: string): Markup {
  return markup`<span class="method method-${method}">${method.toUpperCase()}</span>`;
}

function parametersTable(parameters: readonly JsonSchema[]): Markup | null {
  if (parameters.length === 0) return null;
  return markup`<h4>Parameters</h4>
    <table class="parameters">
      <thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead>
      <tbody>${parameters.map((parameter) => {
        const schema = isSchema(parameter.schema) ? parameter.schema : {};
        return markup`<tr>
          <td><code>${text(parameter.name) ?? ''}</code>${parameter.required === true && markup` <span class="field-required">required</span>`}</td>
          <td>${text(parameter.in) ?? ''}</td>
          <td>${typeLabel(schema)}${schemaDetails(schema)}</td>
          <td>${describedText(text(parameter.description) ?? text(schema.description) ?? '')}</td>
        </tr>`;
      })}</tbody>
    </table>`;
}

/** Content by media type, the types that share one schema named together. */
function contentBlock(content: unknown): Markup | null {
  if (!isSchema(content)) return null;
  const bySchema = new Map<string, { types: string[]; media: JsonSchema }>();
  for (const [type, media] of Object.entries(content)) {
    if (!isSchema(media)) continue;
    const key = JSON.stringify(media.schema ?? null);
    const seen = bySchema.get(key);
    if (seen) seen.types.push(type);
    else bySchema.set(key, { types: [type], media });
  }
  return markup`${[...bySchema.values()].map(({ types, media }) => {
    const schema = isSchema(media.schema) ? media.schema : {};
    return markup`<div class="content">
      <p class="media-types">${types.map((type, index) => markup`${index > 0 && ' or '}<code>${type}</code>`)}: <span class="field-type">${typeLabel(schema)}</span></p>
      ${schemaDetails(schema)}
    </div>`;
  })}`;
}

/**
 * An error answer (JSON, the Error schema narrowed to some codes) as its codes and messages, from
 * its examples: what a client switches on, without the schema every error answer shares.
 */
function errorCodes(content: unknown): Markup | null {
  const media = isSchema(content) && Object.keys(content).length === 1 ? content['application/json'] : null;
  if (!isSchema(media) || !isSchema(media.schema) || !isSchema(media.examples)) return null;
  const parts = Array.isArray(media.schema.allOf) ? media.schema.allOf : [];
  if (!isSchema(parts[0]) || componentName(parts[0]) !== 'Error') return null;
  const examples = Object.values(media.examples)
    .map((example) => (isSchema(example) && isSchema(example.value) ? example.value : null))
    .filter((value): value is JsonSchema => value !== null && text(value.code) !== null);
  if (examples.length === 0) return null;
  return markup`<ul class="error-codes">${examples.map(
    (example) => markup`<li><code>${example.code as string}</code> ${text(example.message) ?? ''}</li>`,
  )}</ul>`;
}

function responseBody(response: JsonSchema): Markup {
  const headers = isSchema(response.headers) ? Object.keys(response.headers) : [];
  const codes = errorCodes(response.content);
  return markup`${codes ?? (text(response.description) && markup`<p>${describedText(response.description as string)}</p>`)}
    ${headers.length > 0 && markup`<p>Headers: ${headers.map((name, index) => markup`${index > 0 && ', '}<code>${name}</code>`)}</p>`}
    ${codes === null && contentBlock(response.content)}`;
}

function statusBadge(status: string): Markup {
  return markup`<span class="status status-${status.slice(0, 1)}xx">${status}</span>`;
}

/**
 * An operation's answers; those it shares with every route (a `$ref` to the document's responses)
 * are one line of links to where they are written once, which keeps the page a fraction of its size.
 */
function responsesBlock(responses: unknown): Markup | null {
  if (!isSchema(responses)) return null;
  const own = Object.entries(responses).filter(([, answer]) => !(isSchema(answer) && text(answer.$ref)));
  const shared = Object.entries(responses).flatMap(([status, answer]) => {
    const ref = isSchema(answer) ? text(answer.$ref) : null;
    return ref?.startsWith(COMPONENT_RESPONSE)
      ? [{ status, name: decodeURIComponent(ref.slice(COMPONENT_RESPONSE.length)) }]
      : [];
  });
  return markup`<h4>Responses</h4>
    <dl class="responses">${own.map(
      ([status, answer]) =>
        markup`<dt>${statusBadge(status)}</dt><dd>${responseBody(isSchema(answer) ? answer : {})}</dd>`,
    )}</dl>
    ${
      shared.length > 0 &&
      markup`<p class="shared-answers">And as every route: ${shared.map(
        ({ status, name }, index) => markup`${index > 0 && ', '}<a href="#${anchorOf('response', name)}">${status}</a>`,
      )}</p>`
    }`;
}

/** The answers every route may give, written once. */
function sharedResponsesSection(responses: JsonSchema): Markup | null {
  const entries = Object.entries(responses).filter((entry): entry is [string, JsonSchema] => isSchema(entry[1]));
  if (entries.length === 0) return null;
  return markup`<section class="tag" aria-labelledby="responses">
    <h2 id="responses">Answers every route may give</h2>
    ${entries.map(
      ([name, response]) => markup`<section class="operation" aria-labelledby="${anchorOf('response', name)}">
        <h3 id="${anchorOf('response', name)}">${name}</h3>
        ${responseBody(response)}
      </section>`,
    )}
  </section>`;
}

function operationSection({ method, path, operation, anchor }: Operation): Markup {
  const parameters = Array.isArray(operation.parameters) ? operation.parameters.filter(isSchema) : [];
  const body = isSchema(operation.requestBody) ? operation.requestBody : null;
  const secured = Array.isArray(operation.security) && operation.security.length > 0;
  return markup`<section class="operation" id="${anchor}" aria-labelledby="${anchor}-title">
    <h3 id="${anchor}-title">${methodBadge(method)} <code class="path">${path}</code></h3>
    ${text(operation.summary) && markup`<p class="summary">${operation.summary as string}</p>`}
    ${text(operation.description) && markup`<p>${describedText(operation.description as string)}</p>`}
    <p class="facts">
      ${text(operation.operationId) && markup`<span>Operation <code>${operation.operationId as string}</code></span>`}
      ${secured && markup`<span>Needs a session (the session cookie)</span>`}
    </p>
    ${parametersTable(parameters)}
    ${
      body &&
      markup`<h4>Request body${body.required === true && markup` <span class="field-required">required</span>`}</h4>
      ${text(body.description) && markup`<p>${describedText(body.description as string)}</p>`}
      ${contentBlock(body.content)}`
    }
    ${responsesBlock(operation.responses)}
  </section>`;
}

function tableOfContents(
  groups: ReadonlyMap<string, readonly Operation[]>,
  shared: boolean,
  schemas: readonly string[],
): Markup {
  return markup`<nav class="contents" aria-label="Contents">
    <p class="contents-title">Contents</p>
    <ul>
      ${[...groups].map(
        ([tag, operations]) => markup`<li>
          <a href="#${anchorOf('tag', tag)}">${tag}</a>
          <ul>${operations.map(
            ({ method, path, anchor }) =>
              markup`<li><a href="#${anchor}">${methodBadge(method)} <span class="path">${path}</span></a></li>`,
          )}</ul>
        </li>`,
      )}
      ${shared && markup`<li><a href="#responses">Answers every route may give</a></li>`}
      ${schemas.length > 0 && markup`<li><a href="#schemas">Schemas</a></li>`}
    </ul>
  </nav>`;
}

export function renderReferencePage(document: JsonSchema, links: ReferencePageLinks): string {
  const info = isSchema(document.info) ? document.info : {};
  const title = `${text(info.title) ?? 'API'} API reference`;
  const servers = Array.isArray(document.servers) ? document.servers.filter(isSchema) : [];
  const groups = groupByTag(document, operationsOf(document));
  const components =
    isSchema(document.components) && isSchema(document.components.schemas) ? document.components.schemas : {};
  const schemas = Object.keys(components);
  const sharedResponses =
    isSchema(document.components) && isSchema(document.components.responses) ? document.components.responses : {};
  const page = markup`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light dark" />
    <title>${title}</title>
    <link rel="icon" type="image/svg+xml" href="${links.icon}" />
    <link rel="stylesheet" href="${links.style}" />
  </head>
  <body>
    <a class="skip-link" href="#main">Skip to the operations</a>
    <header class="page-header">
      <h1>${title}</h1>
      <p class="facts">
        ${text(info.version) && markup`<span>Version ${info.version as string}</span>`}
        ${servers.map((server) => text(server.url) && markup`<span>Base URL <code>${server.url as string}</code></span>`)}
        <span><a href="${links.document}">OpenAPI document (JSON)</a></span>
      </p>
      ${text(info.description) && markup`<p>${describedText(info.description as string)}</p>`}
    </header>
    <div class="layout">
      ${tableOfContents(groups, Object.keys(sharedResponses).length > 0, schemas)}
      <main id="main" tabindex="-1">
        ${[...groups].map(
          ([tag, operations]) => markup`<section class="tag" aria-labelledby="${anchorOf('tag', tag)}">
            <h2 id="${anchorOf('tag', tag)}">${tag}</h2>
            ${operations.map(operationSection)}
          </section>`,
        )}
        ${sharedResponsesSection(sharedResponses)}
        ${
          schemas.length > 0 &&
          markup`<section class="tag" aria-labelledby="schemas">
          <h2 id="schemas">Schemas</h2>
          ${schemas.map((name) => {
            const schema = isSchema(components[name]) ? (components[name] as JsonSchema) : {};
            return markup`<section class="operation" aria-labelledby="${schemaAnchor(name)}">
              <h3 id="${schemaAnchor(name)}">${name}</h3>
              <p><span class="field-type">${typeLabel(schema)}</span></p>
              ${schemaDetails(schema)}
            </section>`;
          })}
        </section>`
        }
      </main>
    </div>
  </body>
</html>
`;
  // The templates' indentation is a fifth of the page; HTML reads a newline as any other space.
  return page.html.replace(/\n\s+/g, '\n');
}
