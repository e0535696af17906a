import { pathTo } from '@club/shared/routes';
import { ZLoginBody } from '@club/shared/users';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Button, EmailField, TextField } from '../../../components/form.tsx';
import { Page } from '../../../components/page.tsx';
import { useForm } from '../../../lib/form.ts';
import { useLogin } from '../api/login.ts';
import { AuthFooter } from './auth-fields.tsx';

function fromOf(state: unknown): string | undefined {
  if (typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string') {
    return state.from;
  }
  return undefined;
}

/** Log in; the guest-only guard then takes the person where they were going. */
export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const login = useLogin();
  const form = useForm(ZLoginBody, { email: params.get('email') ?? '', password: '' });
  const from = fromOf(location.state);
  const verifying = from?.startsWith('/verify/') ?? false;

  return (
    <Page title={t('auth.login.title')} subtitle={verifying ? t('auth.login.to_verify') : t('auth.login.subtitle')}>
      <form ref={form.formRef} className="form" noValidate onSubmit={form.handleSubmit((body) => login.mutate(body))}>
        <EmailField field={form.field('email')} />
        <TextField
          {...form.field('password')}
          label={t('field.password')}
          type="password"
          autoComplete="current-password"
        />
        <div className="form__row form__row--end">
          <Link to={pathTo('resetPassword')} className="link">
            {t('auth.login.forgot')}
          </Link>
        </div>
        <Button type="submit" busy={login.isPending} className="button--block">
          {t('auth.login.submit')}
        </Button>
      </form>
      <AuthFooter text={t('auth.login.no_account')} to={pathTo('register')} link={t('auth.login.register')} />
    </Page>
  );
}
