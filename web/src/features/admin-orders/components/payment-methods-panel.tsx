import type { TPaymentMethodSettings } from '@club/shared/orders';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/page.tsx';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { paymentMethodName } from '../../../lib/order-method.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { usePaymentMethodsSetting, useSavePaymentMethods } from '../api/payment-methods-setting.ts';

const METHODS = ['vipps', 'card', 'physical'] as const;

/** The club's choice of which ways of paying its players see; each switch saves at once. */
export function PaymentMethodsPanel() {
  const { t } = useTranslation();
  const methods = usePaymentMethodsSetting();
  const save = useSavePaymentMethods();
  const current = methods.data;
  function toggle(settings: TPaymentMethodSettings, method: keyof TPaymentMethodSettings, on: boolean) {
    save.mutate({ ...settings, [method]: on }, { onSuccess: () => notifySuccess(t('pay.methods_setting.saved')) });
  }
  return (
    <Section title={t('pay.methods_setting.title')}>
      {/* not gone while read or when the read failed: that read as no choice to make */}
      {methods.isPending ? (
        <Loading />
      ) : !current ? (
        <ErrorState onRetry={() => void methods.refetch()} />
      ) : (
        <fieldset className="card" disabled={save.isPending}>
          <legend className="muted small">{t('pay.methods_setting.hint')}</legend>
          {METHODS.map((m) => (
            <label key={m} className="check">
              <input type="checkbox" checked={current[m]} onChange={(e) => toggle(current, m, e.target.checked)} />{' '}
              {paymentMethodName(t, m)}
            </label>
          ))}
        </fieldset>
      )}
    </Section>
  );
}
