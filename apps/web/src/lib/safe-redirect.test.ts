/**
 * Return addresses (sign-in's and sign-up's `redirectTo`, the verification mail's callbackURL) are
 * paths of this app only: whatever a browser would read as another origin falls back.
 */
import { describe, expect, it } from 'vitest';
import { safeRedirect, verifyEmailCallbackURL } from './safe-redirect';

const LEAVING = [
  'https://evil.example/',
  'javascript:alert(1)',
  '//evil.example/',
  '/\\evil.example/',
  '/\t/evil.example/',
  '/\n/evil.example/',
  '\t//evil.example/',
  'invitations/abc',
  '',
];

describe('return addresses', () => {
  it.each(LEAVING)('%j is not a path of this app and falls back', (target) => {
    expect(safeRedirect(target)).toBe('/account');
    expect(verifyEmailCallbackURL(target)).toBe('/verify-email?verified=1');
  });

  it('a path of this app is kept, query included, and carried by the verification link encoded', () => {
    expect(safeRedirect('/invitations/abc?x=1')).toBe('/invitations/abc?x=1');
    expect(verifyEmailCallbackURL('/invitations/abc')).toBe('/verify-email?verified=1&redirectTo=%2Finvitations%2Fabc');
  });
});
