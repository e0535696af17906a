/** A report of any kind over a range, built by the module of its kind. */
import type { TReport, TReportKind } from '@club/shared/reports';
import type { Executor } from '../db/client.ts';
import type { Range } from './report-reads.ts';
import { kioskReport, subscriptionsReport } from './sales-reports.ts';
import { gamesReport, tablesReport } from './table-reports.ts';
import { userReport, usersReport } from './user-reports.ts';

export async function buildReport(db: Executor, kind: TReportKind, r: Range, userId?: number): Promise<TReport> {
  const built =
    kind === 'tables'
      ? await tablesReport(db, r)
      : kind === 'games'
        ? await gamesReport(db, r)
        : kind === 'kiosk'
          ? await kioskReport(db, r)
          : kind === 'subscriptions'
            ? await subscriptionsReport(db, r)
            : kind === 'users'
              ? await usersReport(db, r)
              : await userReport(db, r, userId ?? -1);
  return { kind, from: r.from, to: r.to, time_zone: r.timeZone, ...built };
}
