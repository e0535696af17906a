import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QrIcon, ReceiptIcon, ShopIcon, TableIcon } from '../../components/icons.tsx';
import { Page, Section } from '../../components/page.tsx';
import { EmptyState } from '../../components/states.tsx';
import { ActiveSubscriptionCard } from '../../features/profile/components/active-subscription-card.tsx';
import { useUser } from '../../lib/auth.ts';

/** The player's start: hours left, how to start a game, and the quick ways on. */
export function HomePage() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t('home.title', { name: user.name })} subtitle={t('home.subtitle')}>
      <ActiveSubscriptionCard />
      <Section title={t('home.play')}>
        <div className="card card--hero">
          <div className="card__icon">
            <QrIcon />
          </div>
          <div className="card__body">
            <p className="card__value">{t('home.scan')}</p>
            <p className="muted small">{t('home.scan_text')}</p>
          </div>
        </div>
      </Section>
      <Section title={t('home.tables')}>
        <EmptyState icon={<TableIcon />} title={t('home.tables_empty')} text={t('home.tables_empty_text')} />
      </Section>
      <div className="quick">
        <Link to={pathTo('shop')} className="quick__item card">
          <ShopIcon />
          <span>{t('nav.shop')}</span>
        </Link>
        <Link to={pathTo('profile.waitingOrders')} className="quick__item card">
          <ReceiptIcon />
          <span>{t('orders.waiting_title')}</span>
        </Link>
      </div>
    </Page>
  );
}
