import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi } from '../../../testing/server.ts';
import { DrawerSection } from './drawer-section.tsx';

function show() {
  renderWithProviders(<DrawerSection />);
}

describe('the cash drawer’s forms', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['cash']);
  });
  afterEach(cleanUpComponent);

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

describe('a double tap in the drawer', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['cash']);
  });
  afterEach(cleanUpComponent);

  it('records one withdrawal, and one drawer opening', async () => {
    const { calls } = fakeApi();
    show();
    const form = within(screen.getByRole('form', { name: i18n.t('till.withdrawal_title') }));
    fireEvent.input(form.getByLabelText(i18n.t('till.amount_label'), { exact: false }), { target: { value: '100' } });
    const save = form.getByRole('button', { name: i18n.t('till.withdrawal_save') });
    fireEvent.click(save);
    fireEvent.click(save);
    const open = screen.getByRole('button', { name: i18n.t('till.drawer_open') });
    await waitFor(() => expect(calls.filter((c) => c.path === '/v1/cash/withdrawal')).toHaveLength(1));
    fireEvent.click(open);
    fireEvent.click(open);
    await waitFor(() => expect(calls.filter((c) => c.path === '/v1/cash/drawer-open')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.path === '/v1/cash/withdrawal')).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/v1/cash/drawer-open')).toHaveLength(1);
  });
});
