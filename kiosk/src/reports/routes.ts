import { one, ZIdParam } from '@club/shared/api';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import {
  presetDays,
  REPORT_KINDS,
  type TReport,
  type TReportKind,
  type TReportQuery,
  ZDashboard,
  ZReport,
  ZReportQuery,
} from '@club/shared/reports';
import { localDate } from '@club/shared/time-zone';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { userLocale } from '../users/user-locale.ts';
import { buildReport } from './build-reports.ts';
import { reportCsv } from './csv.ts';
import { dashboard } from './dashboard.ts';
import { rangeOf } from './report-reads.ts';

const MAX_DAYS = 400;

/** DESIGN §4 reports: tables, games, kiosk, subscriptions, users and one user, as JSON or CSV. */
export function reportRoutes(app: OpenAPIHono<AppEnv>, { db, config }: Deps): void {
  const range = (q: TReportQuery) => {
    const now = clock.nowMs();
    const { from, to } = q.range
      ? presetDays(q.range, localDate(now, config.CLUB_TIMEZONE))
      : (q as Required<TReportQuery>);
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (days < 0) throw new AppError('error.validation_failed', { fields: { to: 'validation.min' } });
    if (days > MAX_DAYS) throw new AppError('error.validation_failed', { fields: { to: 'validation.max' } });
    return rangeOf(from, to, config.CLUB_TIMEZONE, now);
  };
  /** the language of the screen asking, else of the admin's account: a spreadsheet's headers and words are theirs */
  const answer = async (c: Context<AppEnv>, report: TReport, q: TReportQuery) => {
    if (q.format === 'json') return { report };
    const chosen = q.section ? report.sections.find((s) => s.id === q.section) : report.sections[0];
    if (!chosen) throw new AppError('error.not_found');
    const locale = q.locale ?? (await userLocale(db, c.get('auth')?.userId));
    const csv = reportCsv(chosen, { dialect: q.dialect, locale });
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${report.kind}-${chosen.id}-${report.from}-${report.to}.csv"`,
    });
  };

  defineRoute(app, {
    method: 'get',
    path: '/v1/report/dashboard',
    tags: ['reports'],
    summary:
      'Today at a glance: revenue (table time vs kiosk), games, free tables, card payments to approve, subscriptions running low (admin)',
    access: 'admin',
    answer: one('dashboard', ZDashboard),
    handler: async () => ({ dashboard: await dashboard(db, config.CLUB_TIMEZONE, clock.nowMs()) }),
  });

  for (const kind of REPORT_KINDS.filter((k): k is Exclude<TReportKind, 'user'> => k !== 'user')) {
    defineRoute(app, {
      method: 'get',
      path: `/v1/report/${kind}`,
      tags: ['reports'],
      summary: `The ${kind} report for a date range (admin; format=csv gives one table)`,
      access: 'admin',
      query: ZReportQuery,
      answer: one('report', ZReport),
      handler: async ({ c, query }) => answer(c, await buildReport(db, kind, range(query)), query),
    });
  }

  defineRoute(app, {
    method: 'get',
    path: '/v1/report/user/{id}',
    tags: ['reports'],
    summary: 'One user’s orders, games and spending for a date range (admin)',
    access: 'admin',
    params: ZIdParam,
    query: ZReportQuery,
    answer: one('report', ZReport),
    handler: async ({ c, query, params }) => answer(c, await buildReport(db, 'user', range(query), params.id), query),
  });
}
