import { createContext, useContext } from 'react';

/** The cash point the cash page shows; reports, the drawer and the day close are per cash point. */
export const CashPointContext = createContext<number | undefined>(undefined);

export function useCashPointId(): number | undefined {
  return useContext(CashPointContext);
}

/** An API path for the chosen cash point (the server's default when none is chosen). */
export function forCashPoint(path: string, pointId: number | undefined): string {
  if (pointId === undefined) return path;
  return `${path}${path.includes('?') ? '&' : '?'}cash_point_id=${pointId}`;
}
