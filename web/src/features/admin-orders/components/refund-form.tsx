import { cashRounding } from '@club/shared/cash';
import { formatMoney, parseKroner } from '@club/shared/money';
import { returnWorth, type TOrderDetail, type TReturnedLine } from '@club/shared/orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { InputField } from '../../../components/fields.tsx';
import { Button, TextField } from '../../../components/form.tsx';
import { SegmentedField } from '../../../components/segmented.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { paymentMethodName } from '../../../lib/order-method.ts';
import type { TextKey } from '../../../lib/text-keys.ts';
import { notifyInfo, notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useRefundOrder } from '../api/refund-order.ts';

const KINDS = ['return', 'reduction'] as const;
type Kind = (typeof KINDS)[number];

/** How a refund gives back, in words. */
const KIND_TEXT = {
  return: 'pay.refund.kind_return',
  reduction: 'pay.refund.kind_reduction',
} as const satisfies Record<Kind, TextKey>;

/**
 * Giving money back: a return of the units that came back (staff choose lines and how
 * many; the amount follows from them), or a price reduction of an amount with nothing
 * coming back (goodwill). The amount is shown before confirming, and that is what goes back.
 */
export function RefundForm({ order, left }: { order: TOrderDetail; left: number }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const refund = useRefundOrder();
  // a double tap on the confirmation gives the money back once
  const refundOnce = useRunOnce(refund);
  const [kind, setKind] = useState<Kind>('return');
  const [counts, setCounts] = useState<Record<number, string>>({});
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ lines?: string; amount?: string; reason?: string }>({});
  const [asking, setAsking] = useState(false);

  const lines = (order.returnable ?? [])
    .filter((l) => l.units > 0)
    .flatMap((l) => {
      const item = order.items.find((i) => i.id === l.item_id);
      return item ? [{ ...l, description: item.description }] : [];
    });
  const chosen: (TReturnedLine & { description: string })[] = lines.flatMap((l) => {
    const quantity = Number((counts[l.item_id] ?? '').trim() || '0');
    return Number.isInteger(quantity) && quantity > 0
      ? [{ item_id: l.item_id, quantity, description: l.description }]
      : [];
  });
  const tooMany = lines.some((l) => {
    const text = (counts[l.item_id] ?? '').trim();
    const quantity = Number(text || '0');
    return !Number.isInteger(quantity) || quantity < 0 || quantity > l.units;
  });
  const amount =
    kind === 'return'
      ? chosen.reduce((s, c) => s + returnWorth(lines.find((l) => l.item_id === c.item_id)!, c.quantity), 0)
      : parseKroner(amountText);

  function check() {
    const found: typeof errors = {};
    if (kind === 'return') {
      if (tooMany) found.lines = t('error.return_too_many');
      else if (chosen.length === 0) found.lines = t('pay.refund.no_lines');
    } else if (amount === null || amount < 1) found.amount = t('pay.refund.amount_invalid');
    else if (amount > left) found.amount = t('error.refund_too_large');
    if (reason.trim() === '') found.reason = t('validation.required', { field: t('pay.refund.reason') });
    setErrors(found);
    if (Object.keys(found).length === 0) setAsking(true);
  }

  function confirm() {
    if (amount === null) return;
    const body =
      kind === 'return'
        ? { id: order.id, amount, lines: chosen.map(({ item_id, quantity }) => ({ item_id, quantity })) }
        : { id: order.id, amount };
    refundOnce(
      { ...body, reason: reason.trim() },
      {
        onSuccess: ({ refund: made }) => {
          const money = formatMoney(made.amount, locale);
          if (made.state === 'PENDING') notifyInfo(t('pay.refund.pending_done', { amount: money }));
          else notifySuccess(t('pay.refund.done', { amount: money }));
          setCounts({});
          setAmountText('');
          setReason('');
        },
        onSettled: () => setAsking(false),
      },
    );
  }

  return (
    <form
      className="card pay-refund"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        check();
      }}
    >
      <p className="muted small">{t('pay.refund.left', { amount: formatMoney(left, locale) })}</p>
      <SegmentedField
        legend={t('pay.refund.kind_legend')}
        options={KINDS}
        value={kind}
        onChange={(next) => {
          setKind(next);
          setErrors({});
        }}
        label={(option) => t(KIND_TEXT[option])}
      />
      {kind === 'return' ? (
        <fieldset className="pay-refund__lines" aria-describedby={errors.lines ? 'refund-lines-error' : undefined}>
          <legend className="field__label">{t('pay.refund.lines_legend')}</legend>
          {lines.map((l) => (
            <InputField
              key={l.item_id}
              name={`refund_units_${l.item_id}`}
              label={t('pay.refund.line_quantity', { item: l.description, units: l.units })}
              value={counts[l.item_id] ?? ''}
              onChange={(value) => {
                setCounts((before) => ({ ...before, [l.item_id]: value }));
                setErrors(({ lines: _, ...rest }) => rest);
              }}
              inputMode="numeric"
              placeholder="0"
              required={false}
            />
          ))}
          {errors.lines && (
            <p id="refund-lines-error" className="field__error" role="alert">
              {errors.lines}
            </p>
          )}
        </fieldset>
      ) : (
        <TextField
          name="refund_amount"
          label={t('pay.refund.amount')}
          hint={t('pay.refund.amount_hint')}
          value={amountText}
          onChange={setAmountText}
          inputMode="text"
          error={errors.amount}
        />
      )}
      <TextField
        name="refund_reason"
        label={t('pay.refund.reason')}
        value={reason}
        onChange={setReason}
        error={errors.reason}
      />
      <p className="pay-refund__preview" aria-live="polite" data-testid="refund-preview">
        {t('pay.refund.preview', { amount: formatMoney(amount !== null && amount > 0 ? amount : 0, locale) })}
      </p>
      <Button type="submit" variant="secondary">
        {t('pay.refund.submit')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('pay.refund.confirm_title', { reference: order.reference })}
        confirmLabel={t('pay.refund.confirm')}
        busy={refund.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        {kind === 'return' ? (
          <ul aria-label={t('pay.refund.lines_legend')}>
            {chosen.map((c) => (
              <li key={c.item_id}>{t('pay.refund.confirm_line', { quantity: c.quantity, item: c.description })}</li>
            ))}
          </ul>
        ) : (
          <p>{t('pay.refund.confirm_reduction')}</p>
        )}
        <p>
          {t('pay.refund.confirm_text', {
            amount: formatMoney(amount ?? 0, locale),
            method: order.method ? paymentMethodName(t, order.method) : '—',
          })}
        </p>
        {order.method === 'cash' && amount !== null && cashRounding(-amount) !== 0 && (
          <p>{t('pay.refund.cash_in_kroner', { amount: formatMoney(amount - cashRounding(-amount), locale) })}</p>
        )}
      </ConfirmDialog>
    </form>
  );
}
