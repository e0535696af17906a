import { freeSpot } from '@club/shared/floor-spot';
import { type TTable, ZTableCreateBody } from '@club/shared/tables';
import { nameKey } from '@club/shared/validation';
import type { z } from '@club/shared/zod';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CatalogueForm,
  type CatalogueFormProps,
  oreOrText,
  useCatalogueForm,
} from '../../../components/admin-catalogue-form.tsx';
import { TextField } from '../../../components/form.tsx';
import { kronerText } from '../../../lib/format.ts';
import { FloorPlan } from './floor-plan.tsx';

export type TableFields = z.output<typeof ZTableCreateBody>;
type FieldName = 'name' | 'capacity' | 'price_per_minute' | 'x' | 'y';

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
  ...page
}: {
  table?: TTable | undefined;
  otherTables: TTable[];
} & CatalogueFormProps<TableFields>) {
  const { t } = useTranslation();
  const labels: Record<FieldName, string> = {
    name: t('games.admin.field.name'),
    capacity: t('games.admin.field.capacity'),
    price_per_minute: t('games.admin.field.price_per_minute'),
    x: t('games.admin.field.x'),
    y: t('games.admin.field.y'),
  };
  // a new table starts where no other one is, so it is not drawn on top of one
  const place = table ?? freeSpot(otherTables);
  // two tables by one name cannot be told apart on the floor, the TV or a receipt; the server
  // refuses a taken name too, but checked here the field says so before sending
  const schema = useMemo(() => {
    const taken = new Set(otherTables.filter((o) => o.id !== table?.id).map((o) => nameKey(o.name)));
    return ZTableCreateBody.refine((body) => !taken.has(nameKey(body.name)), {
      path: ['name'],
      message: 'validation.taken',
    });
  }, [otherTables, table?.id]);
  const form = useCatalogueForm(
    schema,
    {
      name: table?.name ?? '',
      capacity: String(table?.capacity ?? 4),
      price_per_minute: table ? kronerText(table.price_per_minute, locale) : '',
      x: String(place.x),
      y: String(place.y),
      active: table?.active ?? true,
    },
    labels,
    (next) => ({
      ...next,
      price_per_minute: oreOrText(next.price_per_minute),
      x: numberOrText(next.x),
      y: numberOrText(next.y),
    }),
  );
  const { values, field } = form;

  const x = Number(values.x.replace(',', '.'));
  const y = Number(values.y.replace(',', '.'));

  return (
    <CatalogueForm form={form} page={page} activeLabel={t('games.admin.field.active')} actionsClassName="form__actions">
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
    </CatalogueForm>
  );
}
