import { pathTo } from '@club/shared/routes';
import { type TUser, ZUserUpdateBody } from '@club/shared/users';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useUserById } from '../../../api/get-user.ts';
import { Button, TextField } from '../../../components/form.tsx';
import { ChartIcon, ChevronRightIcon, TrashIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { RoleSelect } from '../../../components/role-select.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { useUser } from '../../../lib/auth.ts';
import { useForm } from '../../../lib/form.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { useDeleteUserConfirm } from './delete-user.tsx';
import '../../../styles/admin.css';

/** Deletes after asking; when the server refuses (open orders, playing, oneself) the dialog says why. */
function DeleteUser({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const me = useUser();
  const navigate = useNavigate();
  const { ask, dialog } = useDeleteUserConfirm(() => navigate(pathTo('admin.users'), { replace: true }));
  if (user.id === me.id) return null;
  const name = `${user.name} ${user.surname}`;
  return (
    <>
      <div>
        <Button variant="secondary" className="button--danger-text" onClick={() => ask(user)}>
          <TrashIcon />
          {t('admin.users.delete_named', { name })}
        </Button>
      </div>
      {dialog}
    </>
  );
}

function EditForm({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const me = useUser();
  const update = useUpdateUser();
  const [isAdmin, setIsAdmin] = useState(user.is_admin);
  const form = useForm(ZUserUpdateBody, {
    id: String(user.id),
    name: user.name,
    surname: user.surname,
    email: user.email,
    phone: user.phone,
    role: String(user.role_id),
  });
  const submit = form.handleSubmit((body) =>
    update.mutate(
      { ...body, is_admin: isAdmin },
      { onSuccess: () => notifySuccess(t('success.saved')), onError: form.applyServerError },
    ),
  );
  return (
    <form ref={form.formRef} className="form card" noValidate onSubmit={submit}>
      <div className="form__grid">
        <TextField {...form.field('name')} label={t('field.name')} autoComplete="off" />
        <TextField {...form.field('surname')} label={t('field.surname')} autoComplete="off" />
      </div>
      <div className="form__grid">
        <TextField {...form.field('email')} label={t('field.email')} type="email" autoComplete="off" />
        <TextField {...form.field('phone')} label={t('field.phone')} type="tel" autoComplete="off" />
      </div>
      <RoleSelect {...form.field('role')} />
      <label className="check">
        <input
          type="checkbox"
          checked={isAdmin}
          disabled={user.id === me.id}
          onChange={(e) => setIsAdmin(e.target.checked)}
        />
        <span>{t('admin.users.is_admin')}</span>
      </label>
      <dl className="facts">
        <div>
          <dt>{t('admin.users.created_at')}</dt>
          <dd>{formatDateTime(user.created_at, currentLocale())}</dd>
        </div>
        <div>
          <dt>{t('field.email_verified')}</dt>
          <dd>{user.email_verified ? t('common.yes') : t('common.no')}</dd>
        </div>
      </dl>
      <Button type="submit" busy={update.isPending}>
        {t('common.save')}
      </Button>
    </form>
  );
}

/** `aside`: panels other features add about this user, composed in by the route. */
export function UserEditPage({ aside }: { aside?: (userId: number) => ReactNode }) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const user = useUserById(id);
  const back = { to: pathTo('admin.users'), label: t('admin.users.title') };

  if (!Number.isInteger(id) || id <= 0) {
    return (
      <Page title={t('admin.users.edit_title')} back={back}>
        <EmptyState title={t('error.user_not_found')} />
      </Page>
    );
  }
  if (user.isPending) {
    return (
      <Page title={t('admin.users.edit_title')} back={back}>
        <Loading />
      </Page>
    );
  }
  if (user.isError) {
    return (
      <Page title={t('admin.users.edit_title')} back={back}>
        <ErrorState onRetry={() => void user.refetch()} />
      </Page>
    );
  }
  return (
    <Page title={`${user.data.name} ${user.data.surname}`} subtitle={t('admin.users.edit_title')} back={back}>
      <EditForm key={user.data.id} user={user.data} />
      <Link to={pathTo('admin.reports.user', { id: user.data.id })} className="menu__item card">
        <span className="menu__icon">
          <ChartIcon />
        </span>
        <span className="menu__text">
          <span className="menu__label">{t('adminConsole.users.report')}</span>
          <span className="menu__hint">{t('adminConsole.users.report_hint')}</span>
        </span>
        <ChevronRightIcon />
      </Link>
      {aside?.(user.data.id)}
      <DeleteUser user={user.data} />
    </Page>
  );
}
