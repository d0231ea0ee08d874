/**
 * GET /error speaks the language the request's Accept-Language asks for (the web app's eight) and
 * has the web app's look, drawn by inline CSS only: the page may load nothing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { API, BASE_URL } from './support/harness';
import { memoryAuth } from './support/memory-auth';

const auth = memoryAuth([]);
afterAll(() => auth.close());

async function errorPage(acceptLanguage?: string, error = 'state_not_found') {
  const headers: Record<string, string> = acceptLanguage ? { 'accept-language': acceptLanguage } : {};
  const response = await auth.handler(new Request(`${BASE_URL}${API}/error?error=${error}`, { headers }));
  return { response, text: await response.text() };
}

describe('GET /error', () => {
  it('answers in Russian to a browser that prefers Russian, keeping the code and the link back', async () => {
    const { response, text } = await errorPage('ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-language')).toBe('ru');
    expect(response.headers.get('vary')).toContain('accept-language');
    expect(text).toContain('<html lang="ru">');
    expect(text).toContain('<h1>Что-то пошло не так</h1>');
    expect(text).toContain('Не удалось завершить вход.');
    expect(text).toContain('Код ошибки: <code>state_not_found</code>');
    expect(text).toContain('href="http://localhost:3000/">Вернуться в приложение</a>');
    expect(text).not.toContain('Something went wrong');
  });

  it('answers in the first of the app’s languages by q-value, and in English when none is asked for', async () => {
    expect((await errorPage('ja, tr;q=0.5, de;q=0.8')).text).toContain('<h1>Etwas ist schiefgelaufen</h1>');
    expect((await errorPage('uk')).text).toContain('<h1>Щось пішло не так</h1>');
    for (const header of [undefined, 'ja,zh;q=0.9', 'ru;q=0', '*']) {
      const { response, text } = await errorPage(header);
      expect(response.headers.get('content-language')).toBe('en');
      expect(text).toContain('<h1>Something went wrong</h1>');
      expect(text).toContain('Error code: <code>state_not_found</code>');
    }
  });

  it('has the app’s look from an inline stylesheet and loads nothing', async () => {
    const { response, text } = await errorPage('fr');
    expect(text).toContain('<style>');
    expect(text).toContain('#3949ab');
    expect(text).toContain('prefers-color-scheme: dark');
    expect(text).toContain('class="button"');
    expect(text).not.toMatch(/<link|<script|@import|url\(/);
    expect(response.headers.get('content-security-policy')).toContain("style-src 'unsafe-inline'");
    expect(text).toContain('Code d’erreur : <code>state_not_found</code>');
  });
});
