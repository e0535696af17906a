import { pathTo } from '@club/shared/routes';
import { type TUser, ZUserUpdateBody } from '@club/shared/users';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, EmailField } from '../../../components/form.tsx';
import { CheckIcon, MailIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { useLogout, useProfile } from '../../../lib/auth.ts';
import { useForm } from '../../../lib/form.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifyInfo } from '../../../lib/toast.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { useSendVerification } from '../api/send-verification.ts';

/** Unverified users land here (SPEC §4): check your inbox, or get a new link. */
export function VerifyPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const send = useSendVerification();
  const logout = useLogout();

  if (profile.isPending) return <Loading />;
  if (profile.isError) return <ErrorState onRetry={() => void profile.refetch()} />;
  const user = profile.data;

  if (user.is_verified) {
    return (
      <Page title={t('verify.done_title')}>
        <EmptyState
          icon={<CheckIcon />}
          title={t('verify.already')}
          action={
            <Link to={pathTo('home')} className="button button--primary">
              {t('common.continue')}
            </Link>
          }
        />
      </Page>
    );
  }

  return (
    <Page title={t('verify.title')}>
      <div className="state state--empty">
        <div className="state__icon">
          <MailIcon />
        </div>
        <p className="state__text">{t('verify.text', { email: user.email })}</p>
        <p className="state__text">{t('verify.spam')}</p>
      </div>
      <div className="stack" aria-live="polite">
        {send.isSuccess && <p className="notice">{t('verify.sent', { email: user.email })}</p>}
        <Button
          busy={send.isPending}
          className="button--block"
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: ({ sent }) => {
                if (sent) notifyInfo(t('verify.sent', { email: user.email }));
                else void profile.refetch();
              },
            })
          }
        >
          {t('verify.resend')}
        </Button>
        <Button variant="secondary" className="button--block" onClick={() => void profile.refetch()}>
          {t('verify.check_again')}
        </Button>
        <ChangeEmail user={user} />
        <Button variant="ghost" className="button--block" busy={logout.isPending} onClick={() => logout.mutate()}>
          {t('verify.other_account')}
        </Button>
      </div>
    </Page>
  );
}

/**
 * A mistyped address (at registration, or changed on the account page) would leave the person
 * here for good: every other screen, their table and their payments too, waits for the link.
 * They put the address right here, and the link goes to it.
 */
function ChangeEmail({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const change = useChangeEmail();
  const form = useForm(ZUserUpdateBody, {
    id: String(user.id),
    role: String(user.role_id),
    name: user.name,
    surname: user.surname,
    email: user.email,
    phone: user.phone,
  });
  const submit = form.handleSubmit((body) =>
    change.mutate(
      { ...body, locale: currentLocale() },
      {
        onSuccess: (saved) => {
          setOpen(false);
          notifyInfo(t('verify.sent', { email: saved.email }));
        },
        onError: form.applyServerError,
      },
    ),
  );
  // the button that opened the form is gone: the keyboard goes on in the field
  useEffect(() => {
    if (open) form.formRef.current?.querySelector('input')?.focus();
  }, [open, form.formRef]);
  if (!open) {
    return (
      <Button variant="ghost" className="button--block" onClick={() => setOpen(true)} aria-expanded={false}>
        {t('verify.wrong_address')}
      </Button>
    );
  }
  return (
    <form ref={form.formRef} className="form card" noValidate onSubmit={submit}>
      <EmailField field={form.field('email')} hint={t('verify.wrong_address_hint')} />
      <Button type="submit" busy={change.isPending} className="button--block">
        {t('verify.send_here')}
      </Button>
    </form>
  );
}
