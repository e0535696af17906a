import { formatMoney, parseKroner } from '@club/shared/money';
import type { TLocale } from '@club/shared/users';

/** Øre as kroner for an input (`1250` → `12,50` / `12.50`). */
export function kronerInput(ore: number | null | undefined, locale: TLocale): string {
  if (ore === null || ore === undefined) return '';
  const text = (ore / 100).toFixed(2);
  return locale === 'nb' ? text.replace('.', ',') : text;
}

export { formatMoney, parseKroner };

/** An ISO instant as the value of a `datetime-local` input, in this device's time. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (this device's time) as an ISO instant, or null when empty. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
