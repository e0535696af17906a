import type { TCashReport } from '@club/shared/cash';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/form.tsx';
import { Section } from '../../../components/page.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useCloseDay } from '../api/close-day.ts';
import { usePrintReport } from '../api/print-report.ts';
import { forCashPoint, useCashPointId } from '../lib/cash-point.tsx';

/** The day close: asks first, then makes the Z report and offers to print it. */
export function DayCloseSection() {
  const { t } = useTranslation();
  const close = useCloseDay();
  // a double tap on the confirmation is one close
  const closeOnce = useRunOnce(close);
  const print = usePrintReport();
  const pointId = useCashPointId();
  const [asking, setAsking] = useState(false);
  const [made, setMade] = useState<TCashReport | null>(null);
  const confirm = () =>
    closeOnce(undefined, {
      onSuccess: (report) => {
        setAsking(false);
        setMade(report);
        notifySuccess(t('till.closed', { number: report.number }));
      },
      onError: () => setAsking(false),
    });
  return (
    <Section title={t('till.close_title')}>
      <div className="card stack">
        <p className="muted small">{t('till.close_hint')}</p>
        <div className="form-actions">
          <Button variant="danger" onClick={() => setAsking(true)}>
            {t('till.close_button')}
          </Button>
        </div>
        <div role="status">
          {made && (
            <div className="stack">
              <p className="card-title" data-testid="z-made">
                {t('till.closed', { number: made.number })} {formatMoney(made.net_sales, currentLocale())}
              </p>
              <div className="form-actions">
                <Button
                  variant="secondary"
                  busy={print.busy}
                  onClick={() => print.print(forCashPoint(`/v1/cash/z-report/${made.number}?format=html`, pointId))}
                >
                  {t('till.print_z', { number: made.number })}
                </Button>
              </div>
            </div>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={asking}
        title={t('till.close_confirm_title')}
        confirmLabel={t('till.close_confirm')}
        busy={close.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <p>{t('till.close_confirm_body')}</p>
      </ConfirmDialog>
    </Section>
  );
}
