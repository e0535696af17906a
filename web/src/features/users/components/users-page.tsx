import { pathTo } from '@club/shared/routes';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useRoles } from '../../../api/get-roles.ts';
import { useUsers } from '../../../api/get-users.ts';
import { CreateToggle, DeleteIconButton } from '../../../components/admin-list.tsx';
import { SearchIcon, UsersIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { Pager, usePageParam } from '../../../components/pager.tsx';
import { EmptyState, QueryStates } from '../../../components/states.tsx';
import { useUser } from '../../../lib/auth.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { CreateUserForm } from './create-user-form.tsx';
import { useDeleteUserConfirm } from './delete-user.tsx';

/** Every user, searchable and paged; edit or delete (after a confirmation). */
export function UsersPage() {
  const { t } = useTranslation();
  const me = useUser();
  const [params, setParams] = useSearchParams();
  const [page, goTo] = usePageParam();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const query = useDebounced(search.trim(), 300);
  const users = useUsers({ page, user: query || undefined });
  const roles = useRoles();
  const roleName = (id: number) => roles.data?.find((r) => r.id === id)?.name ?? t('admin.users.role', { id });
  const { ask, dialog } = useDeleteUserConfirm();
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (query) next.set('q', query);
        else next.delete('q');
        if (query !== (prev.get('q') ?? '')) next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [query, setParams]);

  return (
    <Page
      title={t('admin.users.title')}
      wide
      actions={<CreateToggle open={creating} label={t('admin.users.new')} onToggle={() => setCreating((c) => !c)} />}
    >
      {creating && <CreateUserForm onDone={() => setCreating(false)} />}
      <div className="search">
        <SearchIcon />
        <label htmlFor="user-search" className="visually-hidden">
          {t('admin.users.search')}
        </label>
        <input
          id="user-search"
          type="search"
          className="field__input search__input"
          placeholder={t('admin.users.search_placeholder')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>

      <QueryStates
        query={users}
        isEmpty={(found) => found.data.length === 0}
        empty={
          <EmptyState
            icon={<UsersIcon />}
            title={query ? t('admin.users.no_match', { query }) : t('admin.users.empty')}
          />
        }
      >
        {(found) => (
          <>
            <p className="muted small" aria-live="polite">
              {t('admin.users.count', { count: found.total })}
            </p>
            <ul className="list" aria-busy={users.isFetching || undefined}>
              {found.data.map((user) => (
                <li key={user.id} className="card list-card">
                  <div className="list-card__main">
                    <Link to={pathTo('admin.users.edit', { id: user.id })} className="list-card__title link">
                      {user.name} {user.surname}
                    </Link>
                    <p className="muted small">
                      {user.email} · {user.phone}
                    </p>
                    <p className="tags">
                      {user.is_admin && <span className="pill pill--active">{t('profile.admin_badge')}</span>}
                      {!user.is_verified && <span className="pill pill--paused">{t('admin.users.unverified')}</span>}
                      <span className="pill">{roleName(user.role_id)}</span>
                    </p>
                  </div>
                  {user.id !== me.id && (
                    <DeleteIconButton
                      label={t('admin.users.delete_named', { name: `${user.name} ${user.surname}` })}
                      onClick={() => ask(user)}
                    />
                  )}
                </li>
              ))}
            </ul>
            <Pager page={page} answer={found} onPage={goTo} />
          </>
        )}
      </QueryStates>

      {dialog}
    </Page>
  );
}
