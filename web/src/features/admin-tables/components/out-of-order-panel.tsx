import type { TTable } from '@club/shared/tables';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/fields.tsx';
import { Button } from '../../../components/form.tsx';
import { Section } from '../../../components/page.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { useSetOutOfOrder } from '../api/set-out-of-order.ts';

/** Staff take a table out of order with a reason (nobody joins or books it), and back in. */
export function OutOfOrderPanel({ table }: { table: TTable }) {
  const { t } = useTranslation();
  const save = useSetOutOfOrder();
  const [reason, setReason] = useState('');
  const done = () => notifySuccess(t('booking.out_of_order_saved'));
  return (
    <Section title={t('booking.out_of_order_title')}>
      <p className="field__hint">{t('booking.out_of_order_hint')}</p>
      {table.out_of_order ? (
        <>
          <p data-testid="out-of-order-reason">
            <span className="reservation-badge reservation-badge--out">{t('booking.out_of_order')}</span>{' '}
            {table.out_of_order_reason}
          </p>
          <Button
            variant="secondary"
            busy={save.isPending}
            onClick={() => save.mutate({ table_id: table.id, reason: null }, { onSuccess: done })}
          >
            {t('booking.back_in_order')}
          </Button>
        </>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim()) save.mutate({ table_id: table.id, reason: reason.trim() }, { onSuccess: done });
          }}
        >
          <InputField name="reason" label={t('booking.out_of_order_reason')} value={reason} onChange={setReason} />
          <Button type="submit" variant="danger" busy={save.isPending} disabled={!reason.trim()}>
            {t('booking.mark_out_of_order')}
          </Button>
        </form>
      )}
    </Section>
  );
}
