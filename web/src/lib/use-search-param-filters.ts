import { useSearchParams } from 'react-router-dom';

/** A date as the address and a date input write it (`YYYY-MM-DD`), or null when it is none. */
export const dateParam = (v: string | null): string | undefined =>
  v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined;

/**
 * A list's filters and page kept in the address. `set` changes one parameter (empty: removed);
 * a filter goes back to the first page and replaces the history entry, a page is a new one.
 * `clear` drops them all.
 */
export function useSearchParamFilters() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (key: string, value: string, how?: { replace: true }) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: how?.replace === true || key !== 'page' },
    );
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  return { params, setParams, page, set, clear };
}
