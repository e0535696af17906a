import { paginated, ZOk } from '@club/shared/api';
import {
  type TDrawerAnswer,
  ZCashCountBody,
  ZCashFloatBody,
  ZCashMovementBody,
  ZDrawerAnswer,
  ZDrawerOpenBody,
  ZZReportListQuery,
  ZZReportSummary,
} from '@club/shared/cash';
import { ZCashPointQuery } from '@club/shared/cash-operators';
import type { z } from '@club/shared/zod';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Db } from '../db/client.ts';
import type { AppEnv, AuthInfo, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { listZReports } from './day-report.ts';
import { countCash, recordDeposit, recordDrawerOpening, recordFloat, recordWithdrawal } from './drawer.ts';

const tags = ['cash register'];
const ZDrawerReply = ZOk.extend(ZDrawerAnswer.shape);

/** The cash drawer (DESIGN §12): float, withdrawals, deposits, openings without a sale, the count; all admin. */
export function drawerRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  const movement = <B extends z.ZodType>(
    path: string,
    summary: string,
    body: B,
    record: (db: Db, me: AuthInfo, body: z.output<B>, cashPointId?: number) => Promise<TDrawerAnswer>,
  ) =>
    defineRoute(app, {
      method: 'post',
      path,
      tags,
      summary,
      access: 'admin',
      body,
      query: ZCashPointQuery,
      answer: ZDrawerReply,
      handler: ({ body, query, me }) => record(db, me, body as z.output<B>, query.cash_point_id),
    });
  movement(
    '/v1/cash/float',
    'The opening float: the cash in the drawer as the day starts (once per day)',
    ZCashFloatBody,
    recordFloat,
  );
  movement(
    '/v1/cash/withdrawal',
    'Cash taken out of the drawer; never more than should be there',
    ZCashMovementBody,
    recordWithdrawal,
  );
  movement('/v1/cash/deposit', 'Cash put into the drawer during the day', ZCashMovementBody, recordDeposit);
  movement(
    '/v1/cash/drawer-open',
    'The drawer opened without a sale; counted on X and Z reports',
    ZDrawerOpenBody,
    recordDrawerOpening,
  );
  movement(
    '/v1/cash/count',
    'The cash counted against the expected cash; the difference goes to the Z report',
    ZCashCountBody,
    countCash,
  );
  defineRoute(app, {
    method: 'get',
    path: '/v1/cash/z-reports',
    tags,
    summary: 'The Z reports made so far, newest first, a page at a time (admin)',
    access: 'admin',
    query: ZZReportListQuery,
    answer: paginated(ZZReportSummary),
    handler: async ({ query, me }) => listZReports(db, me, query.page, query.cash_point_id),
  });
}
