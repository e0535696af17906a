import type { TLocale } from '@club/shared/users';
import { useEffect, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTheme } from '../../../lib/theme.ts';
import { formatTick, formatValue, type TotalType } from '../lib/format.ts';

export interface Palette {
  series: string[];
  grid: string;
  text: string;
  muted: string;
  surface: string;
}

/** What a chart of figures is given: its title, a summary in words, the figures and how to show them. */
interface FigureProps {
  title: string;
  summary: string;
  data: Datum[];
  type: TotalType;
  locale: TLocale;
}

/** The theme's colours, read from the CSS variables (SVG attributes cannot use `var()`). */
export function usePalette(): Palette {
  const theme = useTheme();
  const read = () => {
    const css = getComputedStyle(document.documentElement);
    const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
    return {
      series: [v('--primary', '#3ccf83'), v('--accent', '#e6b85c'), '#6aa8ff', '#c792ea', v('--danger', '#ff7a6e')],
      grid: v('--border', '#2b3b32'),
      text: v('--text', '#eef3ef'),
      muted: v('--muted', '#a3b4aa'),
      surface: v('--surface-2', '#1b2821'),
    };
  };
  const [palette, setPalette] = useState<Palette>(read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the theme changes
  useEffect(() => setPalette(read()), [theme]);
  return palette;
}

export interface Datum {
  label: string;
  value: number;
}

/**
 * Each figure with its own colour, as a `fill` recharts reads from the data. Not `<Cell>`
 * children: recharts keeps those elements in its frozen store, and Preact cannot render a
 * frozen element (it writes its own fields onto it), so the chart crashed its screen.
 */
const coloured = (data: Datum[], palette: Palette) =>
  data.map((d, i) => ({ ...d, fill: palette.series[i % palette.series.length] }));

/**
 * A chart is a picture of the table under it: the picture is one image with a text
 * alternative, the numbers are in the table for screen readers and keyboard users.
 */
function Figure({
  title,
  summary,
  children,
  tall,
}: {
  title: string;
  summary: string;
  children: React.ReactNode;
  tall?: boolean;
}) {
  return (
    <figure className="chart">
      <figcaption className="chart__title">{title}</figcaption>
      <div className={tall ? 'chart__canvas chart__canvas--tall' : 'chart__canvas'} role="img" aria-label={summary}>
        {children}
      </div>
    </figure>
  );
}

export function BarFigure({
  title,
  summary,
  data,
  type,
  locale,
  horizontal = false,
  seriesName,
}: FigureProps & {
  /** bars across (long names: tables, products, people) */
  horizontal?: boolean;
  seriesName: string;
}) {
  const palette = usePalette();
  const tick = { fill: palette.muted, fontSize: 12 };
  const valueAxis = {
    tick,
    tickFormatter: (v: number) => formatTick(v, type, locale),
    stroke: palette.grid,
    allowDecimals: type !== 'int',
    // percent: from 0, up to a little above the highest bar (a quiet month is not a flat line at 0 of 100)
    ...(type === 'percent'
      ? {
          domain: [0, (max: number) => Math.min(100, Math.max(1, Math.ceil(max * 1.15)))] as [
            number,
            (max: number) => number,
          ],
        }
      : {}),
  };
  const labelAxis = { dataKey: 'label', tick, stroke: palette.grid, interval: 'preserveStartEnd' as const };
  return (
    <Figure title={title} summary={summary} tall={horizontal && data.length > 6}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          layout={horizontal ? 'vertical' : 'horizontal'}
          margin={{ top: 8, right: 12, bottom: 4, left: horizontal ? 4 : -8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={palette.grid} strokeDasharray="3 3" vertical={horizontal} horizontal={!horizontal} />
          {horizontal ? (
            <>
              <XAxis type="number" {...valueAxis} />
              <YAxis type="category" {...labelAxis} width={96} />
            </>
          ) : (
            <>
              <XAxis type="category" {...labelAxis} />
              <YAxis type="number" {...valueAxis} width={56} />
            </>
          )}
          <Tooltip
            cursor={{ fill: palette.surface }}
            contentStyle={{ background: palette.surface, border: `1px solid ${palette.grid}`, borderRadius: 10 }}
            labelStyle={{ color: palette.text, fontWeight: 600 }}
            itemStyle={{ color: palette.text }}
            formatter={(value) => [formatValue(Number(value), type, locale), seriesName]}
          />
          <Bar
            dataKey="value"
            name={seriesName}
            fill={palette.series[0]}
            radius={horizontal ? [0, 6, 6, 0] : [6, 6, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </Figure>
  );
}

/** Several figures side by side as bars in different colours (hours sold, used, outstanding). */
export function CompareFigure({ title, summary, data, type, locale }: FigureProps) {
  const palette = usePalette();
  const tick = { fill: palette.muted, fontSize: 12 };
  return (
    <Figure title={title} summary={summary}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={coloured(data, palette)}
          margin={{ top: 8, right: 12, bottom: 4, left: -8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={palette.grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={tick} stroke={palette.grid} />
          <YAxis
            tick={tick}
            stroke={palette.grid}
            width={56}
            tickFormatter={(v: number) => formatTick(v, type, locale)}
          />
          <Tooltip
            cursor={{ fill: palette.surface }}
            contentStyle={{ background: palette.surface, border: `1px solid ${palette.grid}`, borderRadius: 10 }}
            labelStyle={{ color: palette.text, fontWeight: 600 }}
            itemStyle={{ color: palette.text }}
            formatter={(value) => [formatValue(Number(value), type, locale), title]}
          />
          <Bar dataKey="value" radius={[6, 6, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </Figure>
  );
}

/** Shares of a whole (revenue by source). */
export function PieFigure({ title, summary, data, type, locale }: FigureProps) {
  const palette = usePalette();
  return (
    <Figure title={title} summary={summary}>
      <ResponsiveContainer width="100%" height="100%">
        <PieChart accessibilityLayer={false}>
          <Pie
            data={coloured(data, palette)}
            dataKey="value"
            nameKey="label"
            innerRadius="52%"
            outerRadius="80%"
            paddingAngle={2}
            stroke={palette.surface}
            isAnimationActive={false}
          />
          <Tooltip
            contentStyle={{ background: palette.surface, border: `1px solid ${palette.grid}`, borderRadius: 10 }}
            itemStyle={{ color: palette.text }}
            formatter={(value, name) => [formatValue(Number(value), type, locale), String(name)]}
          />
          <Legend wrapperStyle={{ color: palette.text, fontSize: 13 }} />
        </PieChart>
      </ResponsiveContainer>
    </Figure>
  );
}
