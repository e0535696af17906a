import { pathTo } from '@club/shared/routes';
import { ZResetPasswordContinueBody } from '@club/shared/users';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../../components/form.tsx';
import { Page } from '../../../components/page.tsx';
import { useForm } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useResetPasswordContinue } from '../api/reset-password-continue.ts';
import { NewPasswordFields } from './auth-fields.tsx';

/** Choose a new password with the link's token (also how an account made by staff gets one). */
export function ResetPasswordContinuePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPasswordContinue();
  const form = useForm(ZResetPasswordContinueBody, { token, password: '', password_confirmation: '' });

  const submit = form.handleSubmit((body) =>
    reset.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('auth.reset_continue.done'));
        navigate(pathTo('login'), { replace: true });
      },
      onError: form.applyServerError,
    }),
  );

  return (
    <Page title={t('auth.reset_continue.title')} subtitle={t('auth.reset_continue.subtitle')}>
      <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
        <NewPasswordFields
          password={form.field('password')}
          confirmation={form.field('password_confirmation')}
          label={t('auth.new_password')}
        />
        {form.errors.token && (
          <p className="form__error" role="alert">
            {t('error.token_invalid')}
          </p>
        )}
        <Button type="submit" busy={reset.isPending} className="button--block">
          {t('auth.reset_continue.submit')}
        </Button>
        <p className="form__footer">
          <Link to={pathTo('resetPassword')} className="link">
            {t('auth.reset_continue.new_link')}
          </Link>
        </p>
      </form>
    </Page>
  );
}
