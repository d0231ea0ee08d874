/**
 * The translations are complete: the eight languages of SPEC §3 by their ids, every namespace in
 * every language with exactly English's keys and no empty text, placeholders kept, and a text for
 * every code of the server's error catalogue (core and plugins).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@latchkey/server';
// The plugins' catalogues are not part of the package's public surface; the test reads them directly.
import { ADMIN_ERRORS } from '../../../packages/server/src/plugins/admin/errors';
import { ORGANIZATION_ERRORS } from '../../../packages/server/src/plugins/organization/errors';
import { USERNAME_ERRORS } from '../../../packages/server/src/plugins/username/errors';
import { NAMESPACES } from '../src/lib/i18n-namespaces';
import { LANGUAGES } from '../src/lib/languages';

const LOCALES = fileURLToPath(new URL('../src/locales', import.meta.url));

function read(tag: string, namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(LOCALES, tag, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
}

/** `a.b.c` → text, for nested objects. */
function flatten(value: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child && typeof child === 'object')
      for (const [k, v] of flatten(child as Record<string, unknown>, path)) out.set(k, v);
    else out.set(path, String(child));
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('has the eight languages of SPEC §3 with their ids', () => {
    expect(Object.fromEntries(LANGUAGES.map((l) => [l.tag, l.id]))).toEqual({
      ru: 0,
      uk: 1,
      en: 3,
      es: 4,
      de: 6,
      pl: 15,
      fr: 16,
      tr: 82,
    });
    expect(readdirSync(LOCALES).sort()).toEqual(LANGUAGES.map((l) => l.tag).sort());
  });

  for (const namespace of NAMESPACES) {
    it(`"${namespace}" has English's keys in every language, none empty, placeholders kept`, () => {
      const english = flatten(read('en', namespace));
      for (const { tag } of LANGUAGES) {
        const texts = flatten(read(tag, namespace));
        expect([...texts.keys()].sort(), `${tag}/${namespace}`).toEqual([...english.keys()].sort());
        for (const [key, text] of texts) {
          expect(text.trim(), `${tag}/${namespace}: ${key}`).not.toBe('');
          expect(placeholders(text), `${tag}/${namespace}: ${key}`).toEqual(placeholders(english.get(key)!));
        }
      }
    });
  }

  it('has a text for every code of the error catalogue', () => {
    const codes = [ERRORS, ADMIN_ERRORS, USERNAME_ERRORS, ORGANIZATION_ERRORS].flatMap((catalogue) =>
      Object.values(catalogue).map((entry) => entry.code),
    );
    const english = read('en', 'errors');
    expect(codes.filter((code) => !(code in english))).toEqual([]);
  });
});
