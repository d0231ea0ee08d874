/**
 * One word per term per language: the same English text has one translation in every namespace,
 * and every text that names a key term (sign in, account, session, …) uses the language's word from
 * the glossary (src/locales/glossary.ts). Turkish had "Oturum aç" in the header and "Giriş yap" on
 * the page; Russian both "Аккаунт" and "Учётная запись".
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENGLISH_TERMS, GLOSSARY, GLOSSARY_TERMS } from './glossary';
import { NAMESPACES } from '../lib/i18n-namespaces';
import { LANGUAGES } from '../lib/languages';

const LOCALES = fileURLToPath(new URL('.', import.meta.url));

/**
 * Keys whose translation may differ from other keys with the same English text, because the
 * languages need a different form there; each with the reason. Keep it short: a key belongs here
 * only when its context changes the grammar, never to keep a synonym.
 */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  'auth:signIn.title': "a page's heading is a noun (de Anmeldung, ru Вход), the buttons are verbs",
  'auth:signUp.signInLink': 'a link finishing the sentence "Already have an account?" (es Inicia sesión)',
  'auth:signIn.signUpLink': 'a link finishing the sentence "No account yet?" (fr Inscrivez-vous)',
  'account:delete.title': "a page's heading is a noun (ru Удаление аккаунта), the button a verb",
  'account:nav.delete': 'names the page, as its heading does',
  'account:password.changeTitle': "a page's heading is a noun (pl Zmiana hasła), the button a verb",
  'organization:fields.name': "an organization's name, not a person's (pl Nazwa, not Imię)",
  'organization:invitation.expires': "an invitation's date stays valid until (de Gültig bis)",
  'organization:active': 'agrees with organization, a feminine noun (es Activa)',
  'admin:presets.banned': 'a filter for many users: plural (ru Заблокированные)',
  'admin:presets.notBanned': 'a filter for many users: plural (ru Не заблокированные)',
  'admin:sessions.created': 'agrees with session, a feminine noun (fr Créée le)',
  'common:nav.admin': 'the console, not the role (de Verwaltung, not Administrator)',
  'admin:remove.confirm': 'deletes a user for good; common:remove takes an item off a list',
  'admin:ban.title': "a section's heading is a noun (de Sperre), the confirming button a verb",
  'admin:applications.fields.name': "an application's name, not a person's (pl Nazwa, not Imię)",
  'admin:applications.fields.created': 'agrees with application, a feminine noun (fr Créée, es Creada)',
  'admin:applications.revoke':
    "takes back a consent or tokens (ru Отозвать); a session's Revoke ends it (ru Завершить)",
};

function flatten(value: Record<string, unknown>, prefix: string, out: Map<string, string>): Map<string, string> {
  for (const [key, child] of Object.entries(value)) {
    const path = prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`;
    if (child && typeof child === 'object') flatten(child as Record<string, unknown>, path, out);
    else out.set(path, String(child));
  }
  return out;
}

/** `namespace:a.b` → text, all namespaces of one language. */
function texts(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const namespace of NAMESPACES) {
    const json = JSON.parse(readFileSync(join(LOCALES, tag, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
    flatten(json, `${namespace}:`, out);
  }
  return out;
}

const english = texts('en');
const translated = LANGUAGES.filter(({ tag }) => tag !== 'en');

describe('glossary', () => {
  it('lists only keys that exist as exceptions', () => {
    expect(Object.keys(EXCEPTIONS).filter((key) => !english.has(key))).toEqual([]);
  });

  it('has every key term for every translated language', () => {
    expect(Object.keys(GLOSSARY).sort()).toEqual(translated.map(({ tag }) => tag).sort());
  });

  for (const { tag } of translated) {
    const own = texts(tag);

    it(`${tag}: the same English text has one translation across all namespaces`, () => {
      const byEnglish = new Map<string, string[]>();
      for (const [key, text] of english)
        if (!(key in EXCEPTIONS)) byEnglish.set(text, [...(byEnglish.get(text) ?? []), key]);
      const split = [...byEnglish.values()]
        .filter((keys) => new Set(keys.map((key) => own.get(key))).size > 1)
        .map((keys) => keys.map((key) => `${key} = ${own.get(key)}`).join(' | '));
      expect(split).toEqual([]);
    });

    it(`${tag}: every text naming a key term uses the glossary's word for it`, () => {
      const misses: string[] = [];
      for (const [key, source] of english) {
        const text = (own.get(key) ?? '').toLocaleLowerCase(tag);
        const words = source.replace(/\{\{\s*\w+\s*\}\}/g, '');
        for (const term of GLOSSARY_TERMS)
          if (ENGLISH_TERMS[term].test(words) && !GLOSSARY[tag]![term].some((stem) => text.includes(stem)))
            misses.push(`${key} (${term}): ${own.get(key)}`);
      }
      expect(misses).toEqual([]);
    });
  }
});
