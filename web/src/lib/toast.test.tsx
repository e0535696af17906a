import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toasts } from '../components/toasts.tsx';
import { notifyError, notifySuccess } from './toast.ts';

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
