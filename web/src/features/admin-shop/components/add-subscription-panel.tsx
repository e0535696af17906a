import { pathTo } from '@club/shared/routes';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/form.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useAddUserSubscription } from '../api/add-user-subscription.ts';
import { useAdminSubscriptions } from '../api/get-admin-subscriptions.ts';
import '../../../styles/shop.css';

/**
 * Admin, on a user's page: give the user prepaid hours from the catalogue, active at once
 * and without payment (e.g. a prize, or a card paid for at the counter).
 */
export function AddSubscriptionPanel({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const catalogue = useAdminSubscriptions();
  const add = useAddUserSubscription();
  // a double tap gives the hours once
  const addOnce = useRunOnce(add);
  const selectId = useId();
  const titleId = useId();
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<string | null>(null);
  const offers = (catalogue.data ?? []).filter((s) => s.active);

  function submit(event: FormEvent) {
    event.preventDefault();
    const subscription = offers.find((s) => String(s.id) === chosen);
    if (!subscription) {
      setError(t('validation.required', { field: t('store.admin.add.label') }));
      return;
    }
    setError(null);
    addOnce(
      { user_id: userId, subscription_id: subscription.id },
      {
        onSuccess: (given) => {
          const text = t('store.admin.add.done', { name: given.name });
          notifySuccess(text);
          setLast(text);
          setChosen('');
        },
      },
    );
  }

  return (
    <section className="card add-sub" aria-labelledby={titleId}>
      <div>
        <h2 id={titleId} className="add-sub__title">
          {t('store.admin.add.title')}
        </h2>
        <p className="muted small">{t('store.admin.add.text')}</p>
      </div>
      {catalogue.isPending ? (
        <Spinner />
      ) : catalogue.isError ? (
        <ErrorState onRetry={() => void catalogue.refetch()} />
      ) : offers.length === 0 ? (
        <p className="muted small">
          {t('store.admin.add.none')}{' '}
          <Link to={pathTo('admin.subscriptions')} className="link">
            {t('store.admin.add.manage')}
          </Link>
        </p>
      ) : (
        <form className="add-sub__form" noValidate onSubmit={submit}>
          <div className={error ? 'field field--invalid' : 'field'}>
            <label className="field__label" htmlFor={selectId}>
              {t('store.admin.add.label')}
            </label>
            <select
              id={selectId}
              name="subscription_id"
              className="field__input"
              value={chosen}
              onChange={(e) => {
                setChosen(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${selectId}-error` : undefined}
            >
              <option value="">{t('store.admin.add.choose')}</option>
              {offers.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} · {t('store.shop.hours', { count: s.duration })} · {formatMoney(s.price, locale)}
                </option>
              ))}
            </select>
            {error && (
              <p id={`${selectId}-error`} className="field__error">
                {error}
              </p>
            )}
          </div>
          <Button type="submit" busy={add.isPending}>
            {t('store.admin.add.submit')}
          </Button>
        </form>
      )}
      <p className="small add-sub__done" role="status">
        {last}
      </p>
    </section>
  );
}
