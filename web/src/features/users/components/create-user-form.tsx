import { ZUserCreateBody } from '@club/shared/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmailField, TextField } from '../../../components/form.tsx';
import { RoleSelect } from '../../../components/role-select.tsx';
import { useForm } from '../../../lib/form.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useCreateUser } from '../api/create-user.ts';

/** A new user gets an e-mail with a link to choose a password. */
export function CreateUserForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateUser();
  const createOnce = useRunOnce(create);
  const [isAdmin, setIsAdmin] = useState(false);
  const form = useForm(ZUserCreateBody, { name: '', surname: '', email: '', phone: '', role: '2' });

  const submit = form.handleSubmit((body) =>
    createOnce(
      { ...body, is_admin: isAdmin, email_verified: true, locale: currentLocale() },
      {
        onSuccess: () => {
          notifySuccess(t('admin.users.created'));
          onDone();
        },
        onError: form.applyServerError,
      },
    ),
  );

  return (
    <form ref={form.formRef} className="form card" noValidate onSubmit={submit} aria-label={t('admin.users.new')}>
      <h2 className="section__title">{t('admin.users.new')}</h2>
      <div className="form__grid">
        <TextField {...form.field('name')} label={t('field.name')} autoComplete="off" />
        <TextField {...form.field('surname')} label={t('field.surname')} autoComplete="off" />
      </div>
      <div className="form__grid">
        <EmailField field={form.field('email')} autoComplete="off" />
        <TextField {...form.field('phone')} label={t('field.phone')} type="tel" inputMode="tel" autoComplete="off" />
      </div>
      <RoleSelect {...form.field('role')} />
      <label className="check">
        <input type="checkbox" checked={isAdmin} onChange={(e) => setIsAdmin(e.target.checked)} />
        <span>{t('admin.users.is_admin')}</span>
      </label>
      <p className="form__note">{t('admin.users.create_note')}</p>
      <Button type="submit" busy={create.isPending}>
        {t('admin.users.create')}
      </Button>
    </form>
  );
}
