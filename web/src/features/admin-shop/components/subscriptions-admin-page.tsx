import { pathTo } from '@club/shared/routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/form.tsx';
import { ChevronRightIcon, ClockIcon } from '../../../components/icons.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useCreateSubscription } from '../api/create-subscription.ts';
import { useAdminSubscriptions } from '../api/get-admin-subscriptions.ts';
import { SubscriptionForm } from './subscription-form.tsx';
import '../../../styles/shop.css';

/** `/admin/subscriptions`: the catalogue of prepaid hours, on sale or not; new ones. */
export function SubscriptionsAdminPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const catalogue = useAdminSubscriptions();
  const create = useCreateSubscription();
  const [creating, setCreating] = useState(false);

  return (
    <Page
      title={t('admin.subscriptions.title')}
      subtitle={t('admin.subscriptions.subtitle')}
      wide
      actions={
        !creating && (
          <Button className="button--small" onClick={() => setCreating(true)}>
            {t('store.admin.subscriptions.new')}
          </Button>
        )
      }
    >
      {creating && (
        <Section title={t('store.admin.subscriptions.new')}>
          <SubscriptionForm
            locale={locale}
            submitLabel={t('store.admin.subscriptions.create')}
            busy={create.isPending}
            onSubmit={(fields, onServerError) =>
              create.mutate(fields, {
                onSuccess: (created) => {
                  notifySuccess(t('store.admin.subscriptions.created', { name: created.name }));
                  setCreating(false);
                },
                onError: onServerError,
              })
            }
            extraActions={
              <Button variant="ghost" onClick={() => setCreating(false)}>
                {t('common.cancel')}
              </Button>
            }
          />
        </Section>
      )}
      <Section title={t('store.admin.subscriptions.list')}>
        {catalogue.isPending ? (
          <Loading />
        ) : catalogue.isError ? (
          <ErrorState onRetry={() => void catalogue.refetch()} />
        ) : catalogue.data.length === 0 ? (
          !creating && (
            <EmptyState
              icon={<ClockIcon />}
              title={t('admin.subscriptions.empty')}
              text={t('admin.subscriptions.empty_text')}
              action={<Button onClick={() => setCreating(true)}>{t('store.admin.subscriptions.new')}</Button>}
            />
          )
        ) : (
          <ul className="list" aria-label={t('store.admin.subscriptions.list')}>
            {catalogue.data.map((s) => (
              <li key={s.id} className="card list-card" data-testid={`admin-subscription-${s.id}`}>
                <span className="admin-product__thumb admin-product__thumb--hours" aria-hidden="true">
                  {s.duration}
                </span>
                <div className="list-card__main">
                  <Link to={pathTo('admin.subscription', { id: s.id })} className="list-card__title">
                    {s.name}
                  </Link>
                  <span className="admin-product__facts">
                    <span>{t('store.shop.hours', { count: s.duration })}</span>
                    <span className="money">{formatMoney(s.price, locale)}</span>
                    {!s.active && <span className="pill">{t('store.admin.hidden')}</span>}
                  </span>
                </div>
                <Link
                  to={pathTo('admin.subscription', { id: s.id })}
                  className="button button--icon button--ghost"
                  aria-label={t('store.admin.subscriptions.edit', { name: s.name })}
                >
                  <ChevronRightIcon />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </Page>
  );
}
