import { pathTo } from '@club/shared/routes';
import { ZResetPasswordBody } from '@club/shared/users';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, EmailField } from '../../../components/form.tsx';
import { MailIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { useForm } from '../../../lib/form.ts';
import { useResetPassword } from '../api/reset-password.ts';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const form = useForm(ZResetPasswordBody, { email: '' });

  return (
    <Page title={t('auth.reset.title')} subtitle={reset.isSuccess ? undefined : t('auth.reset.subtitle')}>
      {reset.isSuccess ? (
        <div aria-live="polite">
          <EmptyState
            icon={<MailIcon />}
            title={t('auth.reset.sent_title')}
            text={t('auth.reset.sent_text', { email: form.values.email })}
            action={
              <Link to={pathTo('login')} className="button button--secondary">
                {t('auth.back_to_login')}
              </Link>
            }
          />
        </div>
      ) : (
        <form
          ref={form.formRef}
          className="form"
          noValidate
          onSubmit={form.handleSubmit((body) => reset.mutate(body, { onError: form.applyServerError }))}
        >
          <EmailField field={form.field('email')} />
          <Button type="submit" busy={reset.isPending} className="button--block">
            {t('auth.reset.submit')}
          </Button>
          <p className="form__footer">
            <Link to={pathTo('login')} className="link">
              {t('auth.back_to_login')}
            </Link>
          </p>
        </form>
      )}
    </Page>
  );
}
