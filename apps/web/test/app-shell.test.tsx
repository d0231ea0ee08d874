/**
 * The app's frame against a real server: signed out, a protected page redirects to sign-in and
 * remembers where to return; the language menu switches the text and remembers the choice by the
 * SPEC's language id; unknown paths show the not-found page.
 */
import './support/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY } from '../src/lib/languages';
import { createAppTheme } from '../src/lib/theme';
import { renderApp, useTestServer } from './support/render-app';

const server = useTestServer();

describe('the app frame', () => {
  it('a protected page without a session redirects to sign-in with the page to return to', async () => {
    const { router } = renderApp(server, '/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe('/account');
  });

  it('an unknown path shows the not-found page', async () => {
    renderApp(server, '/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('the language menu switches to Russian (id 0) and remembers it', async () => {
    const user = userEvent.setup({ document });
    renderApp(server, '/no/such/page');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    await user.click(screen.getByRole('button', { name: 'Choose language: EN' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Русский' }));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('0');
    expect(document.documentElement.lang).toBe('ru');
  });

  it('popovers and menus use SPEC §9: margin threshold 16, elevation 8', async () => {
    const theme = createAppTheme(DEFAULT_LANGUAGE);
    expect(theme.components?.MuiPopover?.defaultProps).toMatchObject({ marginThreshold: 16, elevation: 8 });
    expect(theme.components?.MuiMenu?.defaultProps).toMatchObject({ marginThreshold: 16, elevation: 8 });
    const user = userEvent.setup({ document });
    renderApp(server, '/no/such/page');
    await user.click(await screen.findByRole('button', { name: 'Choose language: EN' }));
    const menu = await screen.findByRole('menu');
    expect(menu.closest('.MuiPaper-root')?.classList.contains('MuiPaper-elevation8')).toBe(true);
  });
});
