import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SegmentedField } from '../../../components/segmented.tsx';
import { api } from '../../../lib/api.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import type { TextKey } from '../../../lib/text-keys.ts';
import { formatDay } from '../lib/format.ts';
import { PRESETS, type Preset, presetRange, type Range, rangeFromSearch, searchOf } from '../lib/range.ts';

/** A period's name, for every preset of the picker. */
const PRESET_TEXT = {
  today: 'adminConsole.reports.preset_today',
  this_week: 'adminConsole.reports.preset_this_week',
  this_month: 'adminConsole.reports.preset_this_month',
  last_month: 'adminConsole.reports.preset_last_month',
  custom: 'adminConsole.reports.preset_custom',
} as const satisfies Record<Preset, TextKey>;

/** The period of the reports, kept in the URL so it survives moving between report pages. */
export function useRange(): [Range, (next: Range) => void] {
  const [params, setParams] = useSearchParams();
  const range = rangeFromSearch(params, new Date(api.serverNow()));
  const set = (next: Range) => setParams(new URLSearchParams(searchOf(next)), { replace: true });
  return [range, set];
}

/** Presets (today, this week, this month, last month) or any from–to. */
export function RangePicker({ range, onChange }: { range: Range; onChange: (next: Range) => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const id = useId();
  const invalid = range.from > range.to;
  return (
    <div className="range card">
      <SegmentedField
        className="range__presets"
        legend={t('reports.period')}
        options={PRESETS}
        value={range.preset}
        onChange={(preset) =>
          onChange(preset === 'custom' ? { ...range, preset } : presetRange(preset, new Date(api.serverNow())))
        }
        label={(preset) => t(PRESET_TEXT[preset])}
      />
      <fieldset className="period">
        <legend className="visually-hidden">{t('adminConsole.reports.dates')}</legend>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-from`}>
            {t('reports.from')}
          </label>
          <input
            id={`${id}-from`}
            name="from"
            className="field__input"
            type="date"
            value={range.from}
            max={range.to}
            onChange={(e) => e.target.value && onChange({ preset: 'custom', from: e.target.value, to: range.to })}
          />
        </div>
        <div className={invalid ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor={`${id}-to`}>
            {t('reports.to')}
          </label>
          <input
            id={`${id}-to`}
            name="to"
            className="field__input"
            type="date"
            value={range.to}
            min={range.from}
            aria-invalid={invalid || undefined}
            onChange={(e) => e.target.value && onChange({ preset: 'custom', from: range.from, to: e.target.value })}
          />
        </div>
      </fieldset>
      <p className="muted small" aria-live="polite">
        {range.from === range.to
          ? formatDay(range.from, locale)
          : t('adminConsole.reports.range_text', {
              from: formatDay(range.from, locale),
              to: formatDay(range.to, locale),
            })}
      </p>
    </div>
  );
}
