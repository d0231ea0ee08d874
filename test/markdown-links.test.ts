import { describe, expect, it } from 'vitest';
import { githubSlug, headingAnchors, markdownLinks } from './markdown-links';

describe('markdown links', () => {
  it('reads inline links outside code, with their line', () => {
    const page = [
      'See [ops](docs/operations.md#scaling-out) and [the `latchkey` command](docs/cli.md).',
      '```sh',
      '[not](a-link.md)',
      '```',
      '`[nor](this.md)` [x](<y.md>)',
    ].join('\n');
    expect(markdownLinks(page)).toEqual([
      { line: 1, target: 'docs/operations.md#scaling-out' },
      { line: 1, target: 'docs/cli.md' },
      { line: 5, target: 'y.md' },
    ]);
  });

  it('slugs headings as GitHub does', () => {
    expect(githubSlug('Add your provider (OpenID Connect)')).toBe('add-your-provider-openid-connect');
    expect(githubSlug('Metrics, readiness and logs')).toBe('metrics-readiness-and-logs');
    expect(githubSlug('The `latchkey` command')).toBe('the-latchkey-command');
    expect(githubSlug('Checking a deployment: `latchkey doctor`')).toBe('checking-a-deployment-latchkey-doctor');
    expect(githubSlug('API (under `/api/auth`)')).toBe('api-under-apiauth');
    expect(githubSlug('snake_case and dash-case')).toBe('snake_case-and-dash-case');
  });

  it('numbers repeated headings and ignores headings in code', () => {
    const page = ['# Routes', '## Routes', '```sh', '# a comment', '```'].join('\n');
    expect([...headingAnchors(page)]).toEqual(['routes', 'routes-1']);
  });
});
