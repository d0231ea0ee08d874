/**
 * The translations are complete: the eight languages of SPEC §3 by their ids, every namespace in
 * every language with exactly English's keys and no empty text, placeholders kept, and a text for
 * every code the server answers (core, plugins and transport), none for a code it does not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createAuth } from '@latchkey/server';
import type { AppError, ErrorCode } from '../src/lib/auth';
import englishErrors from '../src/locales/en/errors.json';
import { NAMESPACES } from '../src/lib/i18n-namespaces';
import { LANGUAGES } from '../src/lib/languages';
import { FIRST_NAMESPACES } from '../src/lib/locale-bundles';
import { serverPlugins } from '../../server/src/plugins';

const LOCALES = fileURLToPath(new URL('../src/locales', import.meta.url));
const SOURCE = fileURLToPath(new URL('../src', import.meta.url));

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
    expect(
      readdirSync(LOCALES, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort(),
    ).toEqual(LANGUAGES.map((l) => l.tag).sort());
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

  it('has a text for every code the server answers, and no text for a code it does not', () => {
    // Checked by the compiler: the codes are the standalone server's, its plugins' included.
    expectTypeOf<ErrorCode>().toExtend<keyof typeof englishErrors>();
    // The client's own codes, and the app's for a screen it refuses itself (guards.tsx).
    expectTypeOf<keyof typeof englishErrors>().toExtend<AppError['code'] | 'FORBIDDEN'>();
    const auth = createAuth({
      baseURL: 'http://localhost:3000',
      secret: 'locales-test-secret-locales-test-secret',
      database: { url: 'sqlite::memory:' },
      plugins: serverPlugins({ adminEmails: [] }),
      logger: { info() {}, warn() {}, error() {} },
    });
    expect(auth.errorCodes.filter((code) => !(code in englishErrors))).toEqual([]);
    return auth.close();
  });

  it('names every section namespace whose texts a module uses with `ns:key`, so they are loaded before they are read', () => {
    // Only the first screen's namespaces are always there (locale-bundles.ts); a key of another
    // one that the module's useTranslation does not name reads as the bare key (a revoked
    // session's toast on the admin's user page once said "sessions.revoked").
    const later = NAMESPACES.filter((namespace) => !(FIRST_NAMESPACES as readonly string[]).includes(namespace));
    const undeclared: string[] = [];
    for (const entry of readdirSync(SOURCE, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
      const file = join(entry.parentPath, entry.name);
      const code = readFileSync(file, 'utf8');
      const declared = [...code.matchAll(/useTranslation\(([^)]*)\)/g)].map((match) => match[1]!).join(' ');
      for (const [, namespace] of code.matchAll(/\bt\(\s*['"`](\w+):/g)) {
        if (!later.includes(namespace as (typeof later)[number])) continue;
        if (!new RegExp(`['"]${namespace}['"]`).test(declared))
          undeclared.push(`${relative(SOURCE, file)}: ${namespace}`);
      }
    }
    expect(undeclared).toEqual([]);
  });
});
