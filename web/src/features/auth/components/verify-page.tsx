import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/form.tsx';
import { CheckIcon, MailIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { useLogout, useProfile } from '../../../lib/auth.ts';
import { notifyInfo } from '../../../lib/toast.ts';
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
        <Button variant="ghost" className="button--block" busy={logout.isPending} onClick={() => logout.mutate()}>
          {t('verify.other_account')}
        </Button>
      </div>
    </Page>
  );
}
