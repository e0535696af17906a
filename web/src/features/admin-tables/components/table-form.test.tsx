import type { TTable } from '@club/shared/tables';
import { makeTable } from '@club/shared/test-tables';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { fakeApi } from '../../../testing/server.ts';
import { TableForm } from './table-form.tsx';

const existing = makeTable(1, { x: 10, y: 12 });

function show(onSubmit: () => void, table?: TTable) {
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <TableForm
            table={table}
            otherTables={[existing]}
            locale="nb"
            submitLabel="Lagre"
            busy={false}
            onSubmit={onSubmit}
          />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('the table form', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['admin', 'games']);
    fakeApi();
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('refuses a name another table has, also in other case and spacing', () => {
    const onSubmit = vi.fn();
    show(onSubmit);
    const name = i18n.t('games.admin.field.name');
    fireEvent.input(screen.getByLabelText(name), { target: { value: ' bord  1 ' } });
    fireEvent.input(screen.getByLabelText(i18n.t('games.admin.field.price_per_minute'), { exact: false }), {
      target: { value: '2,50' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(screen.getByText(i18n.t('validation.taken', { field: name }))).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('lets a table keep its own name', () => {
    const onSubmit = vi.fn();
    show(onSubmit, existing);
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Bord 1' }), expect.any(Function));
  });
});
