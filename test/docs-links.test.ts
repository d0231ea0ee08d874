/**
 * Every relative link of the README and of docs/ reaches a file of the repository, and a link to a
 * heading of a Markdown page reaches a heading that exists, so moving or renaming a page or a
 * section cannot leave a dead link behind.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { headingAnchors, markdownLinks } from './markdown-links';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const EXTERNAL = /^[a-z][a-z0-9+.-]*:|^\/\//i;

function pages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(ROOT, 'docs', name));
  return [join(ROOT, 'README.md'), ...docs.sort()];
}

const anchorsOf = new Map<string, Set<string>>();
function anchors(page: string): Set<string> {
  let found = anchorsOf.get(page);
  if (!found) {
    found = headingAnchors(readFileSync(page, 'utf8'));
    anchorsOf.set(page, found);
  }
  return found;
}

/** What is wrong with one link of a page, or null when it reaches its file and heading. */
function brokenBecause(page: string, target: string): string | null {
  const hashAt = target.indexOf('#');
  const pathPart = hashAt === -1 ? target : target.slice(0, hashAt);
  const anchor = hashAt === -1 ? null : decodeURIComponent(target.slice(hashAt + 1));
  const file = pathPart === '' ? page : resolve(dirname(page), decodeURIComponent(pathPart));
  if (!file.startsWith(ROOT)) return 'points outside the repository';
  if (!existsSync(file)) return 'no such file';
  if (anchor === null || !file.endsWith('.md') || statSync(file).isDirectory()) return null;
  return anchors(file).has(anchor) ? null : `no heading #${anchor} in ${relative(ROOT, file)}`;
}

describe('documentation links', () => {
  it('finds the README and the docs pages', () => {
    const found = pages().map((page) => relative(ROOT, page));
    expect(found).toContain('README.md');
    expect(found).toContain(join('docs', 'decisions.md'));
  });

  it.each(pages().map((page) => [relative(ROOT, page), page]))('%s: every relative link resolves', (_, page) => {
    const broken = markdownLinks(readFileSync(page, 'utf8'))
      .filter((link) => !EXTERNAL.test(link.target))
      .flatMap((link) => {
        const why = brokenBecause(page, link.target);
        return why ? [`line ${link.line}: ${link.target} (${why})`] : [];
      });
    expect(broken).toEqual([]);
  });
});
