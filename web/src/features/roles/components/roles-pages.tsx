import { pathTo } from '@club/shared/routes';
import { SHOP_ROLE_ID, type TRole } from '@club/shared/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useRole, useRoles } from '../../../api/get-roles.ts';
import { CreateToggle, DeleteIconButton, OpenLink, useDeleteConfirm } from '../../../components/admin-list.tsx';
import { ErrorNote } from '../../../components/error-note.tsx';
import { Button } from '../../../components/form.tsx';
import { ChevronRightIcon, CoinsIcon, ShieldIcon, TrashIcon } from '../../../components/icons.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading, QueryStates } from '../../../components/states.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useCreateRole } from '../api/create-role.ts';
import { useDeleteRole } from '../api/delete-role.ts';
import { useUpdateRole } from '../api/update-role.ts';
import { RoleForm } from './role-form.tsx';
import '../../../styles/admin.css';

/** The roles the product relies on: they can be renamed, never deleted. */
const BUILT_IN = new Set([1, 2, SHOP_ROLE_ID]);

function RoleTags({ role }: { role: TRole }) {
  const { t } = useTranslation();
  return (
    <p className="tags">
      {BUILT_IN.has(role.id) && <span className="pill">{t('adminConsole.roles.built_in')}</span>}
      {role.can_pay_later && <span className="pill pill--active">{t('adminConsole.roles.pays_later')}</span>}
      {role.id === SHOP_ROLE_ID ? (
        <span className="pill pill--paused">{t('adminConsole.roles.lands_in_shop')}</span>
      ) : (
        role.home_page && <span className="pill">{t('adminConsole.roles.lands_on', { path: role.home_page })}</span>
      )}
    </p>
  );
}

/** Deletes a role after asking; says why when the server refuses (`error.role_in_use`). */
function useDeleteFlow(onDeleted?: () => void) {
  const { t } = useTranslation();
  return useDeleteConfirm<TRole>({
    remove: useDeleteRole(),
    title: () => t('adminConsole.roles.delete_title'),
    text: (role) => <p>{t('adminConsole.roles.delete_text', { name: role.name })}</p>,
    deleted: () => t('adminConsole.roles.deleted'),
    ...(onDeleted ? { onDeleted } : {}),
    errorNote: (error) => <ErrorNote error={error} />,
  });
}

export function RolesAdminPage() {
  const { t } = useTranslation();
  const roles = useRoles();
  const create = useCreateRole();
  const createOnce = useRunOnce(create);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const { ask, dialog } = useDeleteFlow();

  return (
    <Page
      title={t('admin.roles.title')}
      subtitle={t('admin.roles.subtitle')}
      wide
      actions={
        <CreateToggle open={creating} label={t('adminConsole.roles.new')} onToggle={() => setCreating((c) => !c)} />
      }
    >
      {creating && (
        <section className="card" aria-labelledby="new-role">
          <h2 id="new-role" className="card-title">
            {t('adminConsole.roles.new')}
          </h2>
          <RoleForm
            busy={create.isPending}
            submitLabel={t('adminConsole.roles.create')}
            onSubmit={(body, onError) =>
              createOnce(body, {
                onSuccess: (role) => {
                  notifySuccess(t('adminConsole.roles.created', { name: role.name }));
                  navigate(pathTo('admin.role', { id: role.id }));
                },
                onError,
              })
            }
          />
        </section>
      )}
      <QueryStates
        query={roles}
        empty={<EmptyState icon={<ShieldIcon />} title={t('admin.roles.empty')} text={t('admin.roles.empty_text')} />}
      >
        {(items) => (
          <ul className="list">
            {items.map((role) => (
              <li key={role.id} className="card list-card">
                <div className="list-card__main">
                  <Link to={pathTo('admin.role', { id: role.id })} className="list-card__title">
                    {role.name}
                  </Link>
                  <p className="muted small">{t('adminConsole.roles.number', { id: role.id })}</p>
                  <RoleTags role={role} />
                </div>
                <Link
                  to={pathTo('admin.pricing.edit', { id: role.id })}
                  className="button button--ghost button--icon"
                  aria-label={t('adminConsole.roles.prices_of', { name: role.name })}
                  title={t('adminConsole.roles.prices_of', { name: role.name })}
                >
                  <CoinsIcon />
                </Link>
                {!BUILT_IN.has(role.id) && (
                  <DeleteIconButton
                    label={t('adminConsole.roles.delete_named', { name: role.name })}
                    onClick={() => ask(role)}
                  />
                )}
                <OpenLink
                  to={pathTo('admin.role', { id: role.id })}
                  label={t('adminConsole.roles.edit_named', { name: role.name })}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      {dialog}
    </Page>
  );
}

export function RoleAdminPage() {
  const { t } = useTranslation();
  const rawId = useParams().id ?? '';
  const id = Number(rawId);
  const role = useRole(id);
  const update = useUpdateRole();
  const navigate = useNavigate();
  const { ask, dialog } = useDeleteFlow(() => navigate(pathTo('admin.roles'), { replace: true }));
  const back = { to: pathTo('admin.roles'), label: t('admin.roles.title') };

  if (role.isPending && role.fetchStatus !== 'idle') {
    return (
      <Page title={t('admin.roles.one', { id: rawId })} back={back}>
        <Loading />
      </Page>
    );
  }
  if (!role.data) {
    return (
      <Page title={t('admin.roles.one', { id: rawId })} back={back}>
        <ErrorState text={t('error.role_not_found')} onRetry={() => void role.refetch()} />
      </Page>
    );
  }
  const current = role.data;
  return (
    <Page title={current.name} subtitle={t('adminConsole.roles.number', { id: current.id })} back={back}>
      {current.id === SHOP_ROLE_ID && (
        <p className="notice" role="note">
          {t('adminConsole.roles.shop_role_note')}
        </p>
      )}
      <section className="card" aria-label={t('adminConsole.roles.settings')}>
        <RoleForm
          key={current.id}
          role={current}
          busy={update.isPending}
          submitLabel={t('common.save')}
          onSubmit={(body, onError) =>
            update.mutate({ ...body, id: current.id }, { onSuccess: () => notifySuccess(t('success.saved')), onError })
          }
        />
      </section>
      <Section title={t('admin.pricing.title')}>
        <Link to={pathTo('admin.pricing.edit', { id: current.id })} className="menu__item card">
          <span className="menu__icon">
            <CoinsIcon />
          </span>
          <span className="menu__text">
            <span className="menu__label">{t('adminConsole.roles.prices_of', { name: current.name })}</span>
            <span className="menu__hint">{t('adminConsole.roles.prices_hint')}</span>
          </span>
          <ChevronRightIcon />
        </Link>
      </Section>
      {!BUILT_IN.has(current.id) && (
        <div>
          <Button variant="secondary" className="button--danger-text" onClick={() => ask(current)}>
            <TrashIcon />
            {t('adminConsole.roles.delete')}
          </Button>
        </div>
      )}
      {dialog}
    </Page>
  );
}
