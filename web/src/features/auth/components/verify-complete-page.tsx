import { pathTo } from '@club/shared/routes';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { AlertIcon, CheckIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, Loading } from '../../../components/states.tsx';
import { useVerifyEmail } from '../api/verify-email.ts';

/** The link from the e-mail: confirms the address once, then shows the result. */
export function VerifyCompletePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const verify = useVerifyEmail();
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (asked.current === token) return;
    asked.current = token;
    verify.mutate(token);
  }, [token, verify]);

  if (verify.isSuccess) {
    return (
      <Page title={t('verify.done_title')}>
        <div aria-live="polite">
          <EmptyState
            icon={<CheckIcon />}
            title={t('verify.done', { email: verify.data.user.email })}
            action={
              <Link to={pathTo('home')} className="button button--primary">
                {t('common.continue')}
              </Link>
            }
          />
        </div>
      </Page>
    );
  }
  if (verify.isError) {
    return (
      <Page title={t('verify.failed_title')}>
        <EmptyState
          icon={<AlertIcon />}
          title={t('error.token_invalid')}
          text={t('verify.failed_text')}
          action={
            <Link to={pathTo('verify')} className="button button--primary">
              {t('verify.resend')}
            </Link>
          }
        />
      </Page>
    );
  }
  return (
    <Page title={t('verify.checking_title')}>
      <Loading label={t('verify.checking')} />
    </Page>
  );
}
