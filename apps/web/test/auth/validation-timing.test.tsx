import '../support/dom';
/**
 * When the auth forms show a field's error: not when an untouched empty field loses focus (tabbing
 * through, or clicking a link below it, must paint nothing red and move nothing), but at the first
 * submit, for every field at once, and from then on as the user types.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, useTestServer } from '../support/render-app';

const server = useTestServer();

const invalidFields = () => Array.from(document.querySelectorAll('input[aria-invalid="true"]'));

describe('when the auth forms validate', () => {
  it('tabbing through an empty sign-in form marks nothing; the submit marks the empty fields, and typing clears them', async () => {
    renderApp(server, '/sign-in');
    const ui = userEvent.setup({ document });
    const identifier = await screen.findByLabelText(/^E-mail or username/);
    await ui.click(identifier);
    await ui.tab();
    await ui.tab();
    await ui.tab();
    expect(invalidFields()).toEqual([]);
    expect(screen.queryByText('Required')).toBeNull();

    await ui.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(identifier.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');

    await ui.type(identifier, 'someone@example.com');
    await waitFor(() => expect(identifier.getAttribute('aria-invalid')).toBe('false'));
  });

  it('leaving an empty sign-up field for a link keeps the form unmarked, and an empty submit marks every required field', async () => {
    renderApp(server, '/sign-up');
    const ui = userEvent.setup({ document });
    await ui.click(await screen.findByLabelText(/^Name/));
    await ui.click(screen.getByLabelText(/^E-mail/));
    expect(invalidFields()).toEqual([]);

    await ui.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(screen.getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true'));
    for (const label of [/^E-mail/, /^Password/])
      expect(screen.getByLabelText(label).getAttribute('aria-invalid'), String(label)).toBe('true');
  });
});
