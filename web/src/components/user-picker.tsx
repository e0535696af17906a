import type { TUser } from '@club/shared/users';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserById } from '../api/get-user.ts';
import { useUsers } from '../api/get-users.ts';
import { useDebounced } from '../lib/use-debounced.ts';
import { Button } from './form.tsx';
import { SearchIcon } from './icons.tsx';
import { ErrorState, Spinner } from './states.tsx';

/** Finds one person by name, e-mail or phone (`GET /user/all?user=`) and picks them. */
export function UserPicker({
  value,
  onChange,
  error,
  label,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  /** the text of the field's rule, already in words */
  error?: string | undefined;
  label: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 250);
  const results = useUsers({ page: 1, user: query || undefined });
  const chosen = useUserById(value ?? 0);
  const show = value === null && query.length > 0;
  // picking removes the result pressed, and "change" removes itself: the keyboard goes on where
  // the choice now is (the change button, or the search), not at the top of the page
  const box = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    box.current?.querySelector<HTMLElement>(value === null ? 'input' : 'button')?.focus();
  }, [value]);
  const choose = (next: number | null) => {
    moved.current = true;
    onChange(next);
  };

  if (value !== null) {
    const user = chosen.data;
    return (
      <div className="field" ref={box}>
        <span className="field__label" id={`${id}-label`}>
          {label}
        </span>
        <div className="picked">
          <span className="picked__name">
            {user ? `${user.name} ${user.surname}` : chosen.isPending ? <Spinner /> : `#${value}`}
            {user && <span className="muted small"> · {user.email}</span>}
          </span>
          <Button variant="ghost" className="button--small" onClick={() => choose(null)}>
            {t('adminConsole.notifications.change_user')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className={error ? 'field field--invalid' : 'field'} ref={box}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="search">
        <SearchIcon />
        <input
          id={id}
          name="user_id"
          type="search"
          className="field__input search__input"
          value={search}
          autoComplete="off"
          placeholder={t('admin.users.search_placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          aria-controls={`${id}-results`}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {!error && (
        <p id={`${id}-hint`} className="field__hint">
          {t('adminConsole.notifications.user_hint')}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
      <div id={`${id}-results`} aria-live="polite">
        {show &&
          (results.isFetching && !results.data ? (
            <Spinner />
          ) : results.isError && !results.data ? (
            <ErrorState text={t('admin.users.search_failed')} onRetry={() => void results.refetch()} />
          ) : results.data && results.data.data.length > 0 ? (
            <ul className="picker-results" aria-label={t('adminConsole.notifications.results')}>
              {results.data.data.slice(0, 8).map((user: TUser) => (
                <li key={user.id}>
                  <button
                    type="button"
                    className="picker-results__item"
                    onClick={() => {
                      choose(user.id);
                      setSearch('');
                    }}
                  >
                    <span className="picker-results__name">
                      {user.name} {user.surname}
                    </span>
                    <span className="muted small">{user.email}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted small">{t('admin.users.no_match', { query })}</p>
          ))}
      </div>
    </div>
  );
}
