/**
 * @module Waits for the app's one toast to say `text`: a status (announced without moving the
 * focus), its whole text the message.
 */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

export function toastSaying(text: string): Promise<void> {
  return waitFor(() => {
    const toast = screen.getByTestId('toast');
    expect(toast.getAttribute('role')).toBe('status');
    expect(toast.textContent).toBe(text);
  });
}
