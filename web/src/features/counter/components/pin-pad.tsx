import type { TCashPoint, TOperatorCandidate } from '@club/shared/cash-operators';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCashPoints } from '../../../api/get-cash-points.ts';
import { SelectField } from '../../../components/fields.tsx';
import { acceptTyped, Button } from '../../../components/form.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useOperatorCandidates, useOperatorLogIn } from '../api/counter-api.ts';
import { pinDigits } from '../lib/pin-digits.ts';

const MAX_PIN = 6;
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/**
 * Sign-in at the counter: the cash point, who you are, and your PIN, typed on the pad or on
 * the keyboard (the PIN field takes digits and Enter; every pad key is a button).
 */
export function PinSignIn({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const operators = useOperatorCandidates();
  const points = useCashPoints();
  if (operators.isPending || points.isPending) return <Loading />;
  if (operators.isError || points.isError)
    return (
      <ErrorState
        onRetry={() => {
          void operators.refetch();
          void points.refetch();
        }}
      />
    );
  if (!operators.data.some((o) => o.has_pin)) return <EmptyState title={t('counter.pin.no_staff')} />;
  return <PinForm operators={operators.data} points={points.data} onDone={onDone} />;
}

function PinForm({
  operators,
  points,
  onDone,
}: {
  operators: TOperatorCandidate[];
  points: TCashPoint[];
  onDone?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const logIn = useOperatorLogIn();
  const logInOnce = useRunOnce(logIn);
  const input = useRef<HTMLInputElement>(null);
  const [pointId, setPointId] = useState(String(points[0]?.id ?? ''));
  const [userId, setUserId] = useState<number | null>(null);
  const [pin, setPin] = useState('');
  const type = (digit: string) => setPin((p) => (p.length < MAX_PIN ? p + digit : p));
  const ready = userId !== null && pin.length >= 4 && pointId !== '';

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!ready) return;
    logInOnce(
      { cash_point_id: Number(pointId), user_id: userId, pin },
      {
        onSuccess: (operator) => {
          notifySuccess(t('counter.pin.welcome', { name: operator.name }));
          onDone?.();
        },
        onError: () => {
          setPin('');
          input.current?.focus();
        },
      },
    );
  };

  return (
    <form className="card counter-pin" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section__title">
        {t('counter.pin.title')}
      </h2>
      {points.length > 1 && (
        <SelectField
          name="cash_point"
          label={t('counter.pin.cash_point')}
          value={pointId}
          onChange={setPointId}
          options={points.map((p) => ({ value: String(p.id), label: p.name }))}
        />
      )}
      <fieldset className="counter-pin__who">
        <legend className="segmented__legend">{t('counter.pin.who')}</legend>
        {operators.map((o) => (
          <button
            key={o.user_id}
            type="button"
            className="counter-pin__person"
            aria-pressed={userId === o.user_id}
            disabled={!o.has_pin}
            onClick={() => {
              setUserId(o.user_id);
              input.current?.focus();
            }}
          >
            {o.name}
            {!o.has_pin && <span className="muted small"> · {t('counter.pin.no_pin')}</span>}
          </button>
        ))}
      </fieldset>
      <label className="field__label" htmlFor={`${id}-pin`}>
        {t('counter.pin.field')}
      </label>
      <input
        ref={input}
        id={`${id}-pin`}
        name="pin"
        className="field__input counter-pin__input"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={MAX_PIN}
        value={pin}
        onChange={(e) => setPin(acceptTyped(e.currentTarget, pinDigits(MAX_PIN)))}
        aria-describedby={`${id}-count`}
      />
      <p id={`${id}-count`} className="muted small" aria-live="polite">
        {t('counter.pin.entered', { count: pin.length })}
      </p>
      <div className="counter-pin__pad">
        {KEYS.map((digit) => (
          <button
            key={digit}
            type="button"
            className="counter-pin__key"
            aria-label={t('counter.pin.digit', { digit })}
            onClick={() => type(digit)}
          >
            {digit}
          </button>
        ))}
        <button type="button" className="counter-pin__key counter-pin__key--small" onClick={() => setPin('')}>
          {t('counter.pin.clear')}
        </button>
        <button
          type="button"
          className="counter-pin__key"
          aria-label={t('counter.pin.digit', { digit: '0' })}
          onClick={() => type('0')}
        >
          0
        </button>
        <button
          type="button"
          className="counter-pin__key counter-pin__key--small"
          aria-label={t('counter.pin.erase')}
          onClick={() => setPin((p) => p.slice(0, -1))}
        >
          ⌫
        </button>
      </div>
      <Button type="submit" disabled={!ready} busy={logIn.isPending}>
        {t('counter.pin.submit')}
      </Button>
    </form>
  );
}
