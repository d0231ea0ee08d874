import { afterEach, describe, expect, it } from 'vitest';
import { followRedirect } from './follow-redirect';

describe('followRedirect', () => {
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('navigates the page to url when redirect is true', () => {
    const win = { location: { href: 'http://app.test/' } };
    (globalThis as { window?: unknown }).window = win;
    followRedirect({ redirect: true, url: 'http://app.test/dashboard' });
    expect(win.location.href).toBe('http://app.test/dashboard');
  });

  it('does nothing when redirect is false or there is no window', () => {
    const win = { location: { href: 'http://app.test/' } };
    (globalThis as { window?: unknown }).window = win;
    followRedirect({ redirect: false, url: 'http://app.test/elsewhere' });
    expect(win.location.href).toBe('http://app.test/');
    delete (globalThis as { window?: unknown }).window;
    expect(() => followRedirect({ redirect: true, url: 'http://app.test/x' })).not.toThrow();
  });
});
