import { pathTo } from '@club/shared/routes';
import { ZUserUpdateBody } from '@club/shared/users';
import { useTranslation } from 'react-i18next';
import { Button, EmailField, TextField } from '../../../components/form.tsx';
import { Page } from '../../../components/page.tsx';
import { useUser } from '../../../lib/auth.ts';
import { useForm } from '../../../lib/form.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useUpdateAccount } from '../api/update-account.ts';

/** Edit name, e-mail and phone. A new e-mail address has to be confirmed again. */
export function AccountPage() {
  const { t } = useTranslation();
  const user = useUser();
  const update = useUpdateAccount();
  const form = useForm(ZUserUpdateBody, {
    id: String(user.id),
    role: String(user.role_id),
    name: user.name,
    surname: user.surname,
    email: user.email,
    phone: user.phone,
  });

  const submit = form.handleSubmit((body) =>
    update.mutate(
      { ...body, locale: currentLocale() },
      {
        onSuccess: () => notifySuccess(t('success.saved')),
        onError: form.applyServerError,
      },
    ),
  );

  return (
    <Page
      title={t('account.title')}
      subtitle={t('account.subtitle')}
      back={{ to: pathTo('profile'), label: t('nav.profile') }}
    >
      <form ref={form.formRef} className="form card" noValidate onSubmit={submit}>
        <div className="form__grid">
          <TextField {...form.field('name')} label={t('field.name')} autoComplete="given-name" />
          <TextField {...form.field('surname')} label={t('field.surname')} autoComplete="family-name" />
        </div>
        <EmailField field={form.field('email')} hint={t('account.email_hint')} />
        <TextField {...form.field('phone')} label={t('field.phone')} type="tel" inputMode="tel" autoComplete="tel" />
        <Button type="submit" busy={update.isPending} className="button--block">
          {t('common.save')}
        </Button>
      </form>
    </Page>
  );
}
