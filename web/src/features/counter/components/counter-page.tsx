import type { TCounterOperator } from '@club/shared/cash-operators';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/form.tsx';
import { Page } from '../../../components/page.tsx';
import { SegmentedField } from '../../../components/segmented.tsx';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { notifyInfo } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useCounterOperator, useOperatorLogOut } from '../api/counter-api.ts';
import { CashPointsPanel } from './cash-points-panel.tsx';
import { MyPinForm } from './my-pin-form.tsx';
import { OpenSales } from './open-sales.tsx';
import { PayPanel } from './pay-panel.tsx';
import { PinSignIn } from './pin-pad.tsx';
import { SellPanel } from './sell-panel.tsx';
import { StaffPinForm } from './staff-pin-form.tsx';
import { WalkInPanel } from './walk-in-panel.tsx';
import '../counter.css';
import type { TextKey } from '../../../lib/text-keys.ts';

const TABS = ['walk_in', 'sell'] as const;
type Tab = (typeof TABS)[number];

/** The counter's tabs, in words. */
const TAB_TEXT = {
  walk_in: 'counter.tabs.walk_in',
  sell: 'counter.tabs.sell',
} as const satisfies Record<Tab, TextKey>;

/**
 * `/admin/counter`: the shared counter tablet. Staff sign in with their PIN (a quick switch
 * signs the previous operator out); walk-in tables, counter sales and payment at the till
 * are registered in the signed-in operator's name.
 */
export function CounterPage() {
  const { t } = useTranslation();
  const operator = useCounterOperator();
  return (
    <Page title={t('counter.title')} subtitle={t('counter.intro')} wide>
      {operator.isPending ? (
        <Loading />
      ) : operator.isError ? (
        <ErrorState onRetry={() => void operator.refetch()} />
      ) : operator.data ? (
        <Counter operator={operator.data} />
      ) : (
        <div className="counter-signin">
          <PinSignIn />
          <div className="stack">
            <MyPinForm />
            <StaffPinForm />
            <CashPointsPanel />
          </div>
        </div>
      )}
    </Page>
  );
}

function Counter({ operator }: { operator: TCounterOperator }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('walk_in');
  // the sale being paid is in the address: a reload comes back to it
  const [params, setParams] = useSearchParams();
  const payingParam = Number(params.get('pay'));
  const paying = Number.isInteger(payingParam) && payingParam > 0 ? payingParam : null;
  const setPaying = (orderId: number | null) =>
    setParams(orderId === null ? {} : { pay: String(orderId) }, { replace: orderId === null });
  const [switching, setSwitching] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const logOut = useOperatorLogOut();
  const logOutOnce = useRunOnce(logOut);

  return (
    <div className="stack">
      <div className="card counter-bar">
        <div>
          <p className="list-card__title">
            {t('counter.signed_in_as', { name: operator.name, cash_point: operator.cash_point.name })}
          </p>
          <p className="muted small">{t('counter.idle_hint')}</p>
        </div>
        <div className="counter-actions">
          <Button variant="secondary" className="button--small" onClick={() => setSwitching((s) => !s)}>
            {t('counter.switch')}
          </Button>
          <Button variant="ghost" className="button--small" onClick={() => setSigningOut(true)}>
            {t('counter.sign_out')}
          </Button>
        </div>
      </div>
      {switching && <PinSignIn onDone={() => setSwitching(false)} />}
      {paying !== null ? (
        <PayPanel key={paying} orderId={paying} onDone={() => setPaying(null)} />
      ) : (
        <>
          <SegmentedField
            legend={t('counter.tabs.label')}
            options={TABS}
            value={tab}
            onChange={setTab}
            label={(v) => t(TAB_TEXT[v])}
          />
          <OpenSales onPay={setPaying} />
          {tab === 'walk_in' ? <WalkInPanel onPay={setPaying} /> : <SellPanel onPay={setPaying} />}
        </>
      )}
      <ConfirmDialog
        open={signingOut}
        title={t('counter.sign_out')}
        confirmLabel={t('counter.sign_out')}
        busy={logOut.isPending}
        onConfirm={() =>
          logOutOnce(undefined, {
            onSuccess: () => notifyInfo(t('counter.signed_out')),
            onSettled: () => setSigningOut(false),
          })
        }
        onCancel={() => setSigningOut(false)}
      >
        {t('counter.sign_out_confirm', { name: operator.name })}
      </ConfirmDialog>
    </div>
  );
}
