import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '../components/toasts.tsx';
import { dismissErrorsOfLeftScreen, ERROR_BELONGS_TO_MOVE_MS, notifyError, notifySuccess } from './toast.ts';

afterEach(cleanup);

describe('toasts', () => {
  it('show one message once, however many times it is reported while on screen', async () => {
    render(<Toasts />);
    await act(async () => {
      notifyError('Bordet er fullt.', 'error.table_full');
      notifyError('Bordet er fullt.', 'error.table_full');
      notifyError('Bordet er fullt.', 'http-409');
      notifySuccess('Lagret');
      notifySuccess('Lagret');
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(await screen.findAllByText('Bordet er fullt.')).toHaveLength(1);
    expect(screen.getAllByText('Lagret')).toHaveLength(1);
  });
});

describe('leaving a screen', () => {
  it('takes its errors down, but keeps an error sent on the way out and every success', async () => {
    render(<Toasts />);
    const start = Date.now();
    await act(async () => {
      notifyError('Fyll inn navn.');
      notifySuccess('Bordet er lagret.');
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    // a second on: the person taps a link, in the same moment as a refusal that moves them
    vi.spyOn(Date, 'now').mockReturnValue(start + ERROR_BELONGS_TO_MOVE_MS + 500);
    await act(async () => {
      notifyError('Logg inn igjen.');
      dismissErrorsOfLeftScreen();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    // leaving: its exit animation runs (the test's DOM never ends one, so it stays in the tree)
    const leaving = (text: string) => screen.getByText(text).closest('.Toastify__toast')!.className.includes('exit');
    await waitFor(() => expect(leaving('Fyll inn navn.')).toBe(true));
    expect(leaving('Logg inn igjen.')).toBe(false);
    expect(leaving('Bordet er lagret.')).toBe(false);
    vi.restoreAllMocks();
  });
});
