import { pathTo } from '@club/shared/routes';
import type { TUser } from '@club/shared/users';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/form.tsx';
import { SearchIcon, TrashIcon, UsersIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { useUser } from '../../../lib/auth.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useRoles } from '../api/get-roles.ts';
import { useUsers } from '../api/get-users.ts';
import { CreateUserForm } from './create-user-form.tsx';
import { ErrorNote } from './error-note.tsx';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Every user, searchable and paged; edit or delete (after a confirmation). */
export function UsersPage() {
  const { t } = useTranslation();
  const me = useUser();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const query = useDebounced(search.trim(), 300);
  const users = useUsers({ page, user: query || undefined });
  const remove = useDeleteUser();
  const roles = useRoles();
  const roleName = (id: number) => roles.data?.find((r) => r.id === id)?.name ?? t('admin.users.role', { id });
  const [doomed, setDoomed] = useState<TUser | null>(null);
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

  const goTo = (p: number) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('page', String(p));
      return next;
    });

  return (
    <Page
      title={t('admin.users.title')}
      wide
      actions={
        <Button
          variant={creating ? 'secondary' : 'primary'}
          onClick={() => setCreating((c) => !c)}
          aria-expanded={creating}
        >
          {creating ? t('common.cancel') : t('admin.users.new')}
        </Button>
      }
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

      {users.isPending ? (
        <Loading />
      ) : users.isError ? (
        <ErrorState onRetry={() => void users.refetch()} />
      ) : users.data.data.length === 0 ? (
        <EmptyState
          icon={<UsersIcon />}
          title={query ? t('admin.users.no_match', { query }) : t('admin.users.empty')}
        />
      ) : (
        <>
          <p className="muted small" aria-live="polite">
            {t('admin.users.count', { count: users.data.total })}
          </p>
          <ul className="list" aria-busy={users.isFetching || undefined}>
            {users.data.data.map((user) => (
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
                  <Button
                    variant="ghost"
                    className="button--icon button--danger-hover"
                    aria-label={t('admin.users.delete_named', { name: `${user.name} ${user.surname}` })}
                    onClick={() => setDoomed(user)}
                  >
                    <TrashIcon />
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {users.data.last_page > 1 && (
            <nav className="pager" aria-label={t('common.pages')}>
              <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                {t('common.previous')}
              </Button>
              <span className="muted small">
                {t('common.page_of', { page: users.data.current_page, last: users.data.last_page })}
              </span>
              <Button variant="secondary" disabled={page >= users.data.last_page} onClick={() => goTo(page + 1)}>
                {t('common.next')}
              </Button>
            </nav>
          )}
        </>
      )}

      <ConfirmDialog
        open={doomed !== null}
        title={t('admin.users.delete_title')}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        onCancel={() => {
          setDoomed(null);
          remove.reset();
        }}
        onConfirm={() => {
          if (!doomed) return;
          remove.mutate(doomed.id, {
            onSuccess: () => {
              notifySuccess(t('admin.users.deleted'));
              setDoomed(null);
            },
          });
        }}
      >
        {doomed && (
          <p>{t('admin.users.delete_text', { name: `${doomed.name} ${doomed.surname}`, email: doomed.email })}</p>
        )}
        {/* a refusal (open orders, playing now) stays in the dialog, in words */}
        <ErrorNote error={remove.error} />
      </ConfirmDialog>
    </Page>
  );
}
