import { one, ZIdParam, ZOk } from '@club/shared/api';
import {
  RECEIPT_COPY_HEADER,
  RECEIPT_COPY_LIMIT,
  type TCashReport,
  type TReceipt,
  ZCashPayment,
  ZCashPaymentBody,
  ZCashReport,
  ZReceipt,
} from '@club/shared/cash';
import { ZCashPointQuery } from '@club/shared/cash-operators';
import { ZLocale } from '@club/shared/users';
import { zId } from '@club/shared/validation';
import { z } from '@club/shared/zod';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, AuthInfo, Deps } from '../http/context.ts';
import { defineRoute, type RouteSpec } from '../http/define-route.ts';
import { authRateLimit } from '../http/rate-limit.ts';
import { cashReport, storedZReport } from './day-report.ts';
import { drawerRoutes } from './drawer-routes.ts';
import { payCash } from './pay-cash.ts';
import { receiptHtml } from './receipt-html.ts';
import { emailReceipt } from './receipt-mail.ts';
import { printReceipt } from './receipts.ts';
import { reportHtml } from './report-html.ts';
import { printReturnReceipt } from './return-receipt.ts';
import { saftRoutes } from './saft/routes.ts';
import { ensureSigningKey } from './signing-key.ts';

const tags = ['cash register'];
const ZPublicKeyAnswer = ZOk.extend({ public_key: z.string(), key_version: z.number().int() });

/** Receipts and reports answer JSON, or the page to print in the language asked for. */
const ZPrintQuery = z.object({ format: z.enum(['json', 'html']).default('json'), lang: ZLocale.optional() });
const ZReportQuery = ZPrintQuery.extend(ZCashPointQuery.shape);
const ZReceiptAnswer = one('receipt', ZReceipt);
const ZReportAnswer = one('report', ZCashReport);

/** DESIGN §12: cash payments, receipts, X and Z reports and the journal's public key. */
export function cashRoutes(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  const { db, config } = deps;
  // one allowance per person for every copy, printed or e-mailed: a copy is journaled, and a
  // mail goes out, each time
  const copyLimit = authRateLimit({
    name: 'receipt-copy',
    by: 'user',
    limit: RECEIPT_COPY_LIMIT.count,
    windowMs: RECEIPT_COPY_LIMIT.minutes * 60_000,
    trustProxy: config.TRUST_PROXY,
  });
  saftRoutes(app, deps);
  defineRoute(app, {
    method: 'get',
    path: '/v1/cash/public-key',
    tags,
    summary: 'The public key that verifies the journal’s signatures, as JSON or a PEM file to download (admin)',
    access: 'admin',
    query: z.object({ format: z.enum(['json', 'pem']).default('json') }),
    answer: ZPublicKeyAnswer,
    formats: { 'application/x-pem-file': z.string() },
    description: 'The key (SPKI PEM) and its version',
    handler: async ({ c, query }) => {
      const key = await ensureSigningKey(db);
      if (query.format === 'json') return { public_key: key.publicKey, key_version: key.version };
      return c.body(key.publicKey, 200, {
        'content-type': 'application/x-pem-file',
        'content-disposition': `attachment; filename="cash-register-key-${key.version}.pem"`,
      });
    },
  });
  /** A receipt as JSON, or its page; the page says in a header whether it is the original. */
  const receiptRoute = <P extends typeof ZIdParam>(
    route: Pick<
      RouteSpec<typeof ZReceiptAnswer, undefined, undefined, P>,
      'method' | 'path' | 'summary' | 'access' | 'description'
    > & {
      params: P;
      print: (me: AuthInfo, params: z.output<P>) => Promise<TReceipt>;
    },
  ) =>
    defineRoute(app, {
      ...route,
      tags,
      ...(route.access === 'admin' ? { middleware: [copyLimit] } : {}),
      query: ZPrintQuery,
      answer: ZReceiptAnswer,
      formats: { 'text/html': z.string() },
      handler: async ({ c, params, query, me }) => {
        const receipt = await route.print(me, params as z.output<P>);
        if (query.format === 'json') return { receipt };
        c.header(RECEIPT_COPY_HEADER, String(receipt.copy));
        return c.html(receiptHtml(receipt, query.lang ?? 'nb'), 200);
      },
    });
  const ZReturnParams = ZIdParam.extend({ number: zId() });
  receiptRoute({
    method: 'get',
    path: '/v1/receipt/{id}',
    summary:
      'An order’s sales receipt, as JSON or a page: the first look is the original, later ones show it marked KOPI without counting a copy (owner or admin)',
    access: 'user',
    description: 'The receipt',
    params: ZIdParam,
    print: (me, { id }) => printReceipt(db, me, id, 'view'),
  });
  receiptRoute({
    method: 'post',
    path: '/v1/receipt/{id}/copy',
    summary: `A copy of the sales receipt to print: counted, journaled (13014) and marked KOPI; at most ${RECEIPT_COPY_LIMIT.count} copies per ${RECEIPT_COPY_LIMIT.minutes} minutes (admin)`,
    access: 'admin',
    description: 'The copy',
    params: ZIdParam,
    print: (me, { id }) => printReceipt(db, me, id, 'copy'),
  });
  receiptRoute({
    method: 'get',
    path: '/v1/receipt/{id}/return/{number}',
    summary:
      'A return receipt: money given back on the order, by its receipt number; looked at again it shows marked KOPI without counting a copy (owner or admin)',
    access: 'user',
    description: 'The return receipt',
    params: ZReturnParams,
    print: (me, { id, number }) => printReturnReceipt(db, me, id, number, 'view'),
  });
  receiptRoute({
    method: 'post',
    path: '/v1/receipt/{id}/return/{number}/copy',
    summary:
      'A copy of a return receipt to print: counted, journaled (13014) and marked KOPI; limited like sales receipt copies (admin)',
    access: 'admin',
    description: 'The copy',
    params: ZReturnParams,
    print: (me, { id, number }) => printReturnReceipt(db, me, id, number, 'copy'),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/receipt/{id}/email',
    tags,
    summary:
      'Sends a copy of the order’s receipt to its owner’s e-mail address: counted and journaled once per sending, limited like printed copies (owner or admin)',
    access: 'user',
    middleware: [copyLimit],
    params: ZIdParam,
    answer: ZOk.extend({ email: z.string() }),
    handler: async ({ params, me }) => emailReceipt(deps, me, params.id),
  });
  drawerRoutes(app, deps);
  /** An X or Z report as JSON, or the page to print in the language asked for. */
  const reportRoute = <P extends z.ZodObject | undefined>(
    route: Pick<RouteSpec<typeof ZReportAnswer, undefined, undefined, P>, 'path' | 'summary' | 'params'> & {
      make: (me: AuthInfo, params: z.output<P>, cashPointId: number | undefined) => Promise<TCashReport>;
    },
  ) =>
    defineRoute(app, {
      method: 'get',
      path: route.path,
      tags,
      summary: route.summary,
      access: 'admin',
      ...(route.params ? { params: route.params } : {}),
      query: ZReportQuery,
      answer: ZReportAnswer,
      formats: { 'text/html': z.string() },
      description: 'The report, as JSON or a page to print',
      handler: async ({ c, params, query, me }) => {
        const report = await route.make(me, params as z.output<P>, query.cash_point_id);
        if (query.format === 'json') return { report };
        return c.html(reportHtml(report, query.lang ?? 'nb'), 200);
      },
    });
  reportRoute({
    path: '/v1/cash/x-report',
    summary: 'X report: the totals since the last Z report; journaled, resets nothing (admin)',
    make: (me, _, cashPointId) => cashReport(db, 'X', me, cashPointId),
  });
  reportRoute({
    path: '/v1/cash/z-report/{number}',
    summary: 'An earlier Z report again, as JSON or a page to print (admin)',
    params: z.object({ number: zId() }),
    make: (me, { number }, cashPointId) => storedZReport(db, me, number, cashPointId),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/cash/z-report',
    tags,
    summary: 'Z report: closes the day with the next number; what it covers is never in the next one (admin)',
    access: 'admin',
    query: ZCashPointQuery,
    answer: one('report', ZCashReport),
    handler: async ({ query, me }) => ({ report: await cashReport(db, 'Z', me, query.cash_point_id) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/payment/cash',
    tags,
    summary: 'Cash at the counter: pays the order and answers the change to give (admin)',
    access: 'admin',
    body: ZCashPaymentBody,
    answer: one('payment', ZCashPayment),
    handler: async ({ body, me }) => ({ payment: await payCash(db, me, body) }),
  });
}
