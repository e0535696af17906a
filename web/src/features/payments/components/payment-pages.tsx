import { pathTo } from '@club/shared/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { CardIcon, CheckIcon, ReceiptIcon } from '../../../components/icons.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { EmptyState } from '../../../components/states.tsx';

function useOrderId(): string {
  return useParams().id ?? '';
}

function PaymentShell({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const id = useOrderId();
  return (
    <Page
      title={title}
      subtitle={subtitle}
      back={{ to: pathTo('payment.overview', { id }), label: t('payment.overview_title') }}
    >
      {children}
    </Page>
  );
}

/** What the order costs and how to pay it. */
export function PaymentOverviewPage() {
  const { t } = useTranslation();
  const id = useOrderId();
  return (
    <Page title={t('payment.overview_title')} subtitle={t('payment.order_ref', { id })}>
      <Section title={t('payment.items')}>
        <EmptyState icon={<ReceiptIcon />} title={t('payment.no_items')} text={t('payment.no_items_text')} />
      </Section>
      <Section title={t('payment.methods')}>
        <ul className="menu">
          <li>
            <Link to={pathTo('payment.vipps', { id })} className="menu__item">
              <span className="menu__icon vipps-mark" aria-hidden="true">
                V
              </span>
              <span className="menu__text">
                <span className="menu__label">{t('app.vipps')}</span>
                <span className="menu__hint">{t('payment.vipps_hint')}</span>
              </span>
            </Link>
          </li>
          <li>
            <Link to={pathTo('payment.physical', { id })} className="menu__item">
              <span className="menu__icon">
                <CardIcon />
              </span>
              <span className="menu__text">
                <span className="menu__label">{t('payment.physical_title')}</span>
                <span className="menu__hint">{t('payment.physical_hint')}</span>
              </span>
            </Link>
          </li>
        </ul>
      </Section>
    </Page>
  );
}

export function PaymentVippsPage() {
  const { t } = useTranslation();
  return (
    <PaymentShell title={t('app.vipps')} subtitle={t('payment.vipps_hint')}>
      <EmptyState title={t('payment.not_started')} text={t('payment.not_started_text')} />
    </PaymentShell>
  );
}

export function PaymentPhysicalPage() {
  const { t } = useTranslation();
  return (
    <PaymentShell title={t('payment.physical_title')} subtitle={t('payment.physical_hint')}>
      <EmptyState icon={<CardIcon />} title={t('payment.physical_wait')} text={t('payment.physical_wait_text')} />
    </PaymentShell>
  );
}

export function PaymentResultPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('payment.result_title')}>
      <EmptyState
        icon={<CheckIcon />}
        title={t('payment.result_pending')}
        text={t('payment.result_pending_text')}
        action={
          <Link to={pathTo('home')} className="button button--primary">
            {t('nav.home')}
          </Link>
        }
      />
    </Page>
  );
}
