import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { dateParam, useSearchParamFilters } from '../lib/use-search-param-filters.ts';
import { ClearFilters, DateRangeFilter, SelectFilter } from './filters.tsx';

/** A filter bar kept in the address, as the list pages use it; the address is shown to read it back. */
function Bar({ bounded }: { bounded?: boolean }) {
  const { params, page, set, clear } = useSearchParamFilters();
  const location = useLocation();
  const colour = params.get('colour');
  return (
    <>
      <SelectFilter
        label="Colour"
        any="Any"
        values={['red', 'blue'] as const}
        value={colour === 'red' || colour === 'blue' ? colour : undefined}
        text={(c) => c.toUpperCase()}
        onChange={(v) => set('colour', v)}
      />
      <DateRangeFilter
        labels={{ from: 'From', to: 'To' }}
        from={dateParam(params.get('from'))}
        to={dateParam(params.get('to'))}
        bounded={bounded}
        onChange={set}
      />
      <button type="button" onClick={() => set('page', String(page + 1))}>
        next
      </button>
      <ClearFilters className="bar__clear" label="Clear" onClear={clear} />
      <output data-testid="address">{location.search}</output>
    </>
  );
}

const address = () => screen.getByTestId('address').textContent;

describe('a filter bar kept in the address', () => {
  afterEach(cleanup);

  it('sets and drops a filter, and a filter goes back to the first page', () => {
    render(
      <MemoryRouter initialEntries={['/list?page=3&from=2026-01-02']}>
        <Bar />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: 'blue' } });
    expect(address()).toBe('?from=2026-01-02&colour=blue');
    expect(screen.getByRole('option', { name: 'BLUE' })).toHaveProperty('selected', true);
    fireEvent.click(screen.getByText('next'));
    expect(address()).toBe('?from=2026-01-02&colour=blue&page=2');
    // a date field reports its edits as `input` events, as a browser does (Preact's onChange)
    fireEvent.input(screen.getByLabelText('From'), { target: { value: '' } });
    expect(address()).toBe('?colour=blue');
    fireEvent.click(screen.getByText('Clear'));
    expect(address()).toBe('');
  });

  it('reads a date only as YYYY-MM-DD, and bounds each date by the other only when asked', () => {
    expect(dateParam('2026-1-2')).toBeUndefined();
    expect(dateParam(null)).toBeUndefined();
    render(
      <MemoryRouter initialEntries={['/list?from=2026-01-02&to=2026-02-03']}>
        <Bar bounded />
      </MemoryRouter>,
    );
    expect(screen.getByLabelText('From').getAttribute('max')).toBe('2026-02-03');
    expect(screen.getByLabelText('To').getAttribute('min')).toBe('2026-01-02');
    cleanup();
    render(
      <MemoryRouter initialEntries={['/list?from=2026-01-02&to=2026-02-03']}>
        <Bar />
      </MemoryRouter>,
    );
    expect(screen.getByLabelText('From').hasAttribute('max')).toBe(false);
    expect(screen.getByLabelText('To').hasAttribute('min')).toBe(false);
  });
});
