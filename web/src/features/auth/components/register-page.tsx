import { pathTo } from '@club/shared/routes';
import { ZRegisterBody } from '@club/shared/users';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Button, EmailField, TextField } from '../../../components/form.tsx';
import { Page } from '../../../components/page.tsx';
import { useForm } from '../../../lib/form.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useRegister } from '../api/register.ts';
import { AuthFooter, NewPasswordFields } from './auth-fields.tsx';

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const registration = useRegister();
  const form = useForm(ZRegisterBody, {
    name: '',
    surname: '',
    email: '',
    phone: '',
    password: '',
    password_confirmation: '',
  });

  const submit = form.handleSubmit((body) =>
    registration.mutate(
      { ...body, locale: currentLocale() },
      {
        onSuccess: ({ user }) => {
          // the next step is the link in the mail, which signs the address off after a login
          notifySuccess(t('success.account_created_check_mail', { email: user.email }));
          navigate(`${pathTo('login')}?email=${encodeURIComponent(user.email)}`, { replace: true });
        },
        onError: form.applyServerError,
      },
    ),
  );

  return (
    <Page title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
        <div className="form__grid">
          <TextField {...form.field('name')} label={t('field.name')} autoComplete="given-name" />
          <TextField {...form.field('surname')} label={t('field.surname')} autoComplete="family-name" />
        </div>
        <EmailField field={form.field('email')} />
        <TextField
          {...form.field('phone')}
          label={t('field.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint={t('auth.register.phone_hint')}
        />
        <NewPasswordFields
          password={form.field('password')}
          confirmation={form.field('password_confirmation')}
          label={t('field.password')}
        />
        <p className="form__note">
          {t('auth.register.privacy_note')}{' '}
          <Link to={pathTo('privacy')} className="link">
            {t('privacy.title')}
          </Link>
        </p>
        <Button type="submit" busy={registration.isPending} className="button--block">
          {t('auth.register.submit')}
        </Button>
      </form>
      <AuthFooter text={t('auth.register.have_account')} to={pathTo('login')} link={t('auth.register.login')} />
    </Page>
  );
}
