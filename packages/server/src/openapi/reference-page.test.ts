import { describe, expect, it } from 'vitest';
import { renderReferencePage } from './reference-page';

const LINKS = { style: '/r/reference.abc.css', icon: '/r/icon.abc.svg', document: '/api/auth/openapi.json' };

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Latchkey', version: '1.2.3', description: 'Errors answer `{ code, message }`.' },
  servers: [{ url: 'http://localhost:3000/api/auth' }],
  tags: [{ name: 'core' }, { name: 'notes' }],
  paths: {
    '/notes/add': {
      post: {
        operationId: 'addNote',
        summary: 'Add a <b>note</b>',
        description: 'A plugin wrote this: <script>alert(1)</script> and `code`',
        tags: ['notes'],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { text: { type: 'string', maxLength: 100, description: 'The "note"' } },
                required: ['text'],
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'Success',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } },
          },
          '400': {
            description: '`VALIDATION_ERROR`',
            content: {
              'application/json': {
                schema: {
                  allOf: [
                    { $ref: '#/components/schemas/Error' },
                    { properties: { code: { enum: ['VALIDATION_ERROR'] } } },
                  ],
                },
                examples: {
                  VALIDATION_ERROR: { value: { code: 'VALIDATION_ERROR', message: 'Invalid body parameters' } },
                },
              },
            },
          },
          '429': { $ref: '#/components/responses/TooManyRequests' },
        },
      },
    },
    '/ok': { get: { operationId: 'ok', summary: 'Health check', tags: ['core'], responses: {} } },
  },
  components: {
    schemas: {
      Error: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
      Note: { type: 'object', properties: { id: { type: ['string', 'null'] } } },
    },
    responses: { TooManyRequests: { description: '`TOO_MANY_REQUESTS`' } },
  },
};

describe('the API reference page', () => {
  const page = renderReferencePage(DOCUMENT, LINKS);

  it('escapes every text of the document, which plugins write', () => {
    expect(page).not.toContain('<script');
    expect(page).toContain('A plugin wrote this: &lt;script&gt;alert(1)&lt;/script&gt; and <code>code</code>');
    expect(page).toContain('Add a &lt;b&gt;note&lt;/b&gt;');
    expect(page).toContain('The &quot;note&quot;');
  });

  it('has no inline style or script for its CSP to refuse, and links its own files', () => {
    expect(page).not.toMatch(/\sstyle=|<style|\son[a-z]+=/i);
    expect(page).toContain(`<link rel="stylesheet" href="${LINKS.style}" />`);
    expect(page).toContain(`href="${LINKS.document}"`);
  });

  it('groups operations by tag in the document’s order, each under its anchor, listed in the contents', () => {
    expect(page.indexOf('id="tag-core"')).toBeLessThan(page.indexOf('id="tag-notes"'));
    expect(page).toContain('<section class="operation" id="operation-addNote"');
    expect(page).toContain('<a href="#operation-addNote"><span class="method method-post">POST</span>');
    expect(page).toContain('<p class="summary">Health check</p>');
  });

  it('shows fields with type, requirement and limits; links components; lists error codes; links shared answers', () => {
    expect(page).toMatch(
      /<code class="field-name">text<\/code>\s*<span class="field-type">string<\/span>\s*<span class="field-required">required<\/span>/,
    );
    expect(page).toContain('at most 100 characters');
    expect(page).toContain('<a href="#schema-Note">Note</a>');
    expect(page).toContain('<h3 id="schema-Note">Note</h3>');
    expect(page).toContain('string or null');
    expect(page).toContain('<li><code>VALIDATION_ERROR</code> Invalid body parameters</li>');
    expect(page).toContain('<a href="#response-TooManyRequests">429</a>');
    expect(page).toContain('<h3 id="response-TooManyRequests">TooManyRequests</h3>');
  });
});
