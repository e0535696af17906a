import { lazy, type ReactNode, Suspense } from 'react';

// the chart library loads with the first chart, not with the reports overview
const charts = () => import('./charts.tsx');
export const BarFigure = lazy(() => charts().then((m) => ({ default: m.BarFigure })));
export const CompareFigure = lazy(() => charts().then((m) => ({ default: m.CompareFigure })));
export const PieFigure = lazy(() => charts().then((m) => ({ default: m.PieFigure })));

/** Keeps the chart's place while the chart library loads. */
export function ChartSlot({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<div className="chart__canvas chart__placeholder" aria-hidden="true" />}>{children}</Suspense>
  );
}
