/**
 * A screen that throws while rendering shows the app's error state below the header, which stays,
 * and the next address starts without the error (the router's error boundary, lib/router). A
 * screen whose code fails to load is e2e/chunk-recovery.test.ts's.
 */
import './support/dom';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../src/app/app';
import { Layout } from '../src/app/layout';
import { RouteError } from '../src/app/route-error';
import { DEFAULT_LANGUAGE } from '../src/lib/languages';
import { createMemoryRouter } from '../src/lib/router';
import { createTestAuth, useTestServer } from './support/render-app';

const server = useTestServer();

function Broken(): never {
  throw new Error('a bug in a screen');
}

describe("a screen's render error", () => {
  it('shows the error state under the header, and the next address renders again', async () => {
    // React reports the caught error on the console; that is expected here.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        {
          element: <Layout />,
          children: [
            {
              errorElement: <RouteError />,
              children: [
                { path: '/broken', element: <Broken /> },
                { path: '/fine', element: <p>A working screen</p> },
              ],
            },
          ],
        },
      ],
      { initialEntries: ['/broken'] },
    );
    render(<App auth={createTestAuth(server)} language={DEFAULT_LANGUAGE} router={router} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText(/This screen stopped because of an unexpected error/)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();

    await act(() => router.navigate('/fine'));
    expect(await screen.findByText('A working screen')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    quiet.mockRestore();
  });
});
