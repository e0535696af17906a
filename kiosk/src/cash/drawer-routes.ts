import { list, ZOk } from '@club/shared/api';
import {
  ZCashCountBody,
  ZCashFloatBody,
  ZCashMovementBody,
  ZDrawerAnswer,
  ZDrawerOpenBody,
  ZZReportSummary,
} from '@club/shared/cash';
import { ZCashPointQuery } from '@club/shared/cash-operators';
import type { z } from '@club/shared/zod';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { caller } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { listZReports } from './day-report.ts';
import { countCash, recordDeposit, recordDrawerOpening, recordFloat, recordWithdrawal } from './drawer.ts';

const tags = ['cash register'];
const ZDrawerReply = ZOk.extend(ZDrawerAnswer.shape);

/** The cash drawer (DESIGN §12): float, withdrawals, deposits, openings without a sale, the count; all admin. */
export function drawerRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  const route = <B extends z.ZodType>(path: string, summary: string, body: B) =>
    createRoute({
      method: 'post',
      path,
      tags,
      summary,
      ...access.admin,
      request: { ...jsonBody(body), query: ZCashPointQuery },
      responses: answers(ZDrawerReply),
    });
  app.openapi(
    route(
      '/v1/cash/float',
      'The opening float: the cash in the drawer as the day starts (once per day)',
      ZCashFloatBody,
    ),
    async (c) =>
      c.json(ok(await recordFloat(db, caller(c), c.req.valid('json'), c.req.valid('query').cash_point_id)), 200),
  );
  app.openapi(
    route('/v1/cash/withdrawal', 'Cash taken out of the drawer; never more than should be there', ZCashMovementBody),
    async (c) =>
      c.json(ok(await recordWithdrawal(db, caller(c), c.req.valid('json'), c.req.valid('query').cash_point_id)), 200),
  );
  app.openapi(route('/v1/cash/deposit', 'Cash put into the drawer during the day', ZCashMovementBody), async (c) =>
    c.json(ok(await recordDeposit(db, caller(c), c.req.valid('json'), c.req.valid('query').cash_point_id)), 200),
  );
  app.openapi(
    route('/v1/cash/drawer-open', 'The drawer opened without a sale; counted on X and Z reports', ZDrawerOpenBody),
    async (c) =>
      c.json(
        ok(await recordDrawerOpening(db, caller(c), c.req.valid('json'), c.req.valid('query').cash_point_id)),
        200,
      ),
  );
  app.openapi(
    route(
      '/v1/cash/count',
      'The cash counted against the expected cash; the difference goes to the Z report',
      ZCashCountBody,
    ),
    async (c) =>
      c.json(ok(await countCash(db, caller(c), c.req.valid('json'), c.req.valid('query').cash_point_id)), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/cash/z-reports',
      tags,
      summary: 'The Z reports made so far, newest first (admin)',
      ...access.admin,
      request: { query: ZCashPointQuery },
      responses: answers(list(ZZReportSummary)),
    }),
    async (c) => c.json(ok({ data: await listZReports(db, caller(c), c.req.valid('query').cash_point_id) }), 200),
  );
}
