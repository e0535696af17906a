import { parseKroner } from '@club/shared/money';
import type { FormEvent, ReactNode, RefObject } from 'react';
import type { ZodType } from 'zod';
import { useForm } from '../lib/form.ts';
import { Button } from './form.tsx';

type TextKey<V> = { [N in keyof V]: V[N] extends string ? N : never }[keyof V] & string;

/** Kroner as typed become øre; what is not a number reaches the schema as text, so it says what is wrong. */
export function oreOrText(text: string): number | string | undefined {
  return parseKroner(text) ?? (text.trim() ? 'x' : undefined);
}

/**
 * `useForm` for the admin catalogue forms (tables, products, subscriptions): every field has
 * its own label, in the rule messages too, and `field(name)` gives a text field all it needs.
 */
export function useCatalogueForm<S extends ZodType, V extends Record<string, string | boolean>, F extends string>(
  schema: S,
  initial: V,
  labels: Record<F, string>,
  prepare: (values: V) => unknown,
) {
  const form = useForm(schema, initial, { prepare, label: (name) => labels[name as F] });
  return {
    ...form,
    field: <N extends F & TextKey<V>>(name: N) => ({ ...form.field(name), label: labels[name] }),
  };
}

/** What a page gives a catalogue form: how to save (field rules from the server land on the fields) and its buttons. */
export interface CatalogueFormProps<F, L extends string = string> {
  locale: L;
  submitLabel: string;
  busy: boolean;
  onSubmit: (fields: F, onServerError: (error: unknown) => void) => void;
  extraActions?: ReactNode;
}

/** The part of `useCatalogueForm` the form card drives. */
interface ActiveForm<F> {
  formRef: RefObject<HTMLFormElement | null>;
  values: { active: boolean };
  set: (name: 'active', value: boolean) => void;
  handleSubmit: (onValid: (data: F) => unknown) => (event: FormEvent) => void;
  applyServerError: (error: unknown) => void;
}

/** A catalogue item's form card: its fields, whether it is active, save and what else the page offers. */
export function CatalogueForm<F>({
  form,
  page: { submitLabel, busy, onSubmit, extraActions },
  activeLabel,
  actionsClassName = 'store-actions',
  children,
}: {
  form: ActiveForm<F>;
  page: Omit<CatalogueFormProps<F>, 'locale'>;
  activeLabel: string;
  actionsClassName?: string;
  children: ReactNode;
}) {
  return (
    <form
      ref={form.formRef}
      className="form card"
      noValidate
      onSubmit={form.handleSubmit((fields) => onSubmit(fields, form.applyServerError))}
    >
      {children}
      <label className="check">
        <input
          type="checkbox"
          name="active"
          checked={form.values.active}
          onChange={(e) => form.set('active', e.target.checked)}
        />
        <span>{activeLabel}</span>
      </label>
      <div className={actionsClassName}>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        {extraActions}
      </div>
    </form>
  );
}
