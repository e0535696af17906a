import { pathTo } from '@club/shared/routes';
import { ZChangePasswordBody } from '@club/shared/users';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, TextField } from '../../../components/form.tsx';
import { Page } from '../../../components/page.tsx';
import { useForm } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';
import { NewPasswordFields } from './auth-fields.tsx';

export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useChangePassword();
  const form = useForm(ZChangePasswordBody, { current_password: '', password: '', password_confirmation: '' });

  const submit = form.handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('success.saved'));
        navigate(pathTo('profile'));
      },
      onError: form.applyServerError,
    }),
  );

  return (
    <Page
      title={t('password.title')}
      subtitle={t('password.subtitle')}
      back={{ to: pathTo('profile'), label: t('nav.profile') }}
    >
      <form ref={form.formRef} className="form card" noValidate onSubmit={submit}>
        <TextField
          {...form.field('current_password')}
          label={t('field.current_password')}
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields
          password={form.field('password')}
          confirmation={form.field('password_confirmation')}
          label={t('auth.new_password')}
        />
        <Button type="submit" busy={change.isPending} className="button--block">
          {t('password.submit')}
        </Button>
      </form>
    </Page>
  );
}
