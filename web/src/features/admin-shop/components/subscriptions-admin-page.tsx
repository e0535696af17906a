import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { OpenLink, useCreateInPlace } from '../../../components/admin-list.tsx';
import { ClockIcon } from '../../../components/icons.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { QueryStates } from '../../../components/states.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
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
  const createOnce = useRunOnce(create);
  const { creating, close, newButton, cancelButton, empty } = useCreateInPlace(t('store.admin.subscriptions.new'));

  return (
    <Page title={t('admin.subscriptions.title')} subtitle={t('admin.subscriptions.subtitle')} wide actions={newButton}>
      {creating && (
        <Section title={t('store.admin.subscriptions.new')}>
          <SubscriptionForm
            locale={locale}
            submitLabel={t('store.admin.subscriptions.create')}
            busy={create.isPending}
            onSubmit={(fields, onServerError) =>
              createOnce(fields, {
                onSuccess: (created) => {
                  notifySuccess(t('store.admin.subscriptions.created', { name: created.name }));
                  close();
                },
                onError: onServerError,
              })
            }
            extraActions={cancelButton}
          />
        </Section>
      )}
      <Section title={t('store.admin.subscriptions.list')}>
        <QueryStates
          query={catalogue}
          empty={empty(<ClockIcon />, t('admin.subscriptions.empty'), t('admin.subscriptions.empty_text'))}
        >
          {(items) => (
            <ul className="list" aria-label={t('store.admin.subscriptions.list')}>
              {items.map((s) => (
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
                  <OpenLink
                    to={pathTo('admin.subscription', { id: s.id })}
                    label={t('store.admin.subscriptions.edit', { name: s.name })}
                  />
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </Section>
    </Page>
  );
}
