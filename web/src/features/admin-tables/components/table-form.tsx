import { parseKroner } from '@club/shared/money';
import { type TTable, ZTableCreateBody } from '@club/shared/tables';
import { fieldErrors } from '@club/shared/validation';
import type { z } from '@club/shared/zod';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '../../../components/form.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { FloorPlan } from './floor-plan.tsx';

export type TableFields = z.output<typeof ZTableCreateBody>;
type FieldName = 'name' | 'capacity' | 'price_per_minute' | 'x' | 'y';

interface Values {
  name: string;
  capacity: string;
  price_per_minute: string;
  x: string;
  y: string;
  active: boolean;
}

/** Øre as kroner for typing: `2,50` (nb) or `2.50` (en), without a currency sign. */
function kronerText(ore: number, locale: string): string {
  const text = (ore / 100).toFixed(2);
  return locale === 'nb' ? text.replace('.', ',') : text;
}

function numberOrText(text: string): number | string {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return text;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : text;
}

/**
 * A table's settings: name, seats, price per minute in kroner (sent as øre), place on the
 * floor and whether players may join. Checked with the shared schema the API uses.
 */
export function TableForm({
  table,
  otherTables,
  locale,
  submitLabel,
  busy,
  onSubmit,
  extraActions,
}: {
  table?: TTable | undefined;
  otherTables: TTable[];
  locale: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (fields: TableFields, onServerError: (error: unknown) => void) => void;
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>({
    name: table?.name ?? '',
    capacity: String(table?.capacity ?? 4),
    price_per_minute: table ? kronerText(table.price_per_minute, locale) : '',
    x: String(table?.x ?? 50),
    y: String(table?.y ?? 50),
    active: table?.active ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);

  const labels: Record<FieldName, string> = {
    name: t('games.admin.field.name'),
    capacity: t('games.admin.field.capacity'),
    price_per_minute: t('games.admin.field.price_per_minute'),
    x: t('games.admin.field.x'),
    y: t('games.admin.field.y'),
  };

  function check(next: Values): { fields: TableFields } | { errors: Record<string, string> } {
    const price = parseKroner(next.price_per_minute);
    const parsed = ZTableCreateBody.safeParse({
      name: next.name,
      capacity: next.capacity,
      price_per_minute: price ?? (next.price_per_minute.trim() ? 'x' : undefined),
      active: next.active,
      x: numberOrText(next.x),
      y: numberOrText(next.y),
    });
    return parsed.success ? { fields: parsed.data } : { errors: fieldErrors(parsed.error) };
  }

  function set<K extends keyof Values>(name: K, value: Values[K]) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) {
      const result = check(next);
      setErrors('errors' in result ? result.errors : {});
    }
  }

  function focusFirst(errs: Record<string, string>) {
    const first = Object.keys(errs)[0];
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const result = check(values);
    if ('errors' in result) {
      setErrors(result.errors);
      focusFirst(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.fields, (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
        focusFirst(error.fields);
      }
    });
  }

  const errorOf = (name: FieldName) => (errors[name] ? t(errors[name], { field: labels[name] }) : undefined);
  const field = (name: FieldName) => ({
    name,
    label: labels[name],
    value: values[name],
    error: errorOf(name),
    onChange: (value: string) => set(name, value),
  });
  const x = Number(values.x.replace(',', '.'));
  const y = Number(values.y.replace(',', '.'));

  return (
    <form ref={formRef} className="form card" noValidate onSubmit={submit}>
      <TextField {...field('name')} autoComplete="off" />
      <div className="form__grid">
        <TextField {...field('capacity')} inputMode="numeric" autoComplete="off" />
        <TextField
          {...field('price_per_minute')}
          inputMode="text"
          autoComplete="off"
          hint={t('games.admin.field.price_hint')}
        />
      </div>
      <fieldset className="period">
        <legend className="field__label">{t('games.admin.position')}</legend>
        <TextField {...field('x')} inputMode="numeric" autoComplete="off" />
        <TextField {...field('y')} inputMode="numeric" autoComplete="off" />
      </fieldset>
      <p className="field__hint">{t('games.admin.position_hint')}</p>
      <FloorPlan
        tables={otherTables.filter((o) => o.id !== table?.id)}
        preview={{
          name: values.name.trim() || labels.name,
          x: Number.isFinite(x) ? Math.min(100, Math.max(0, x)) : 50,
          y: Number.isFinite(y) ? Math.min(100, Math.max(0, y)) : 50,
        }}
      />
      <label className="check">
        <input
          type="checkbox"
          name="active"
          checked={values.active}
          onChange={(e) => set('active', e.target.checked)}
        />
        <span>{t('games.admin.field.active')}</span>
      </label>
      <div className="form__actions">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        {extraActions}
      </div>
    </form>
  );
}
