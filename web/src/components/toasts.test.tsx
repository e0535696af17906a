import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../lib/i18n.ts';
import { notifySuccess } from '../lib/toast.ts';
import { componentSuite } from '../testing/component-suite.ts';
import { renderWithProviders } from '../testing/render.tsx';
import { Toasts } from './toasts.tsx';

async function showToast(text: string) {
  renderWithProviders(<Toasts />);
  await act(async () => {
    notifySuccess(text);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  await screen.findByText(text);
}

describe('toasts, to a screen reader', () => {
  componentSuite();

  it('are announced in a region named in Norwegian, and closed by a button named in Norwegian', async () => {
    await showToast('Bordet er lagret.');
    expect(screen.getByRole('region', { name: 'Varsler (Alt+T)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'close' })).toBeNull();
    const close = screen.getByRole('button', { name: 'Lukk meldingen' });
    expect(close.className).toContain('Toastify__close-button--dark');
    fireEvent.click(close);
    const toast = screen.getByText('Bordet er lagret.').closest('.Toastify__toast');
    // closing runs its exit animation (the test's DOM never ends one, so it stays in the tree)
    await waitFor(() => expect(toast?.className).toContain('exit'));
  });

  it('are named in English on an English screen', async () => {
    await setLocale('en');
    await showToast('The table is saved.');
    expect(screen.getByRole('region', { name: 'Notifications (Alt+T)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close the message' })).toBeTruthy();
  });
});
