import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { fakeApi } from '../../../testing/server.ts';
import { DrawerSection } from './drawer-section.tsx';

function show() {
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <DrawerSection />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('the cash drawer’s forms', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['cash']);
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('record cash put in, with its note', async () => {
    const { calls } = fakeApi();
    show();
    const form = within(screen.getByRole('form', { name: i18n.t('till.deposit_title') }));
    fireEvent.input(form.getByLabelText(i18n.t('till.amount_label'), { exact: false }), { target: { value: '250' } });
    fireEvent.input(form.getByLabelText(i18n.t('till.note_label'), { exact: false }), { target: { value: 'Mynter' } });
    fireEvent.click(form.getByRole('button', { name: i18n.t('till.deposit_save') }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/v1/cash/deposit')?.body).toEqual({ amount: 25_000, note: 'Mynter' }),
    );
  });

  it('call a negative amount too low, not "not a number"', () => {
    fakeApi();
    show();
    const form = within(screen.getByRole('form', { name: i18n.t('till.float_title') }));
    const label = i18n.t('till.float_label');
    fireEvent.input(form.getByLabelText(label, { exact: false }), { target: { value: '-100' } });
    fireEvent.click(form.getByRole('button', { name: i18n.t('till.float_save') }));
    expect(form.getByText(i18n.t('validation.min', { field: label }), { exact: false })).toBeInTheDocument();
  });
});
