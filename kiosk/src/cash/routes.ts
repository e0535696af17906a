import { one, ZIdParam, ZOk } from '@club/shared/api';
import {
  RECEIPT_COPY_HEADER,
  RECEIPT_COPY_LIMIT,
  type TReceipt,
  ZCashPayment,
  ZCashPaymentBody,
  ZCashReport,
  ZReceipt,
} from '@club/shared/cash';
import { ZCashPointQuery } from '@club/shared/cash-operators';
import { type TLocale, ZLocale } from '@club/shared/users';
import { zId } from '@club/shared/validation';
import { z } from '@club/shared/zod';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { caller } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody } from '../http/openapi.ts';
import { authRateLimit } from '../http/rate-limit.ts';
import { ok } from '../http/respond.ts';
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
function jsonOrPage<K extends string, S extends z.ZodType>(key: K, schema: S, description: string) {
  return {
    ...answers(one(key, schema)),
    200: {
      content: { 'application/json': { schema: one(key, schema) }, 'text/html': { schema: z.string() } },
      description,
    },
  };
}

/** The receipt as JSON, or its page; the page says in a header whether it is the original. */
function answerReceipt(c: Context<AppEnv>, receipt: TReceipt, format: 'json' | 'html', lang: TLocale | undefined) {
  if (format === 'json') return c.json(ok({ receipt }), 200);
  c.header(RECEIPT_COPY_HEADER, String(receipt.copy));
  return c.html(receiptHtml(receipt, lang ?? 'nb'), 200);
}

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
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/cash/public-key',
      tags,
      summary: 'The public key that verifies the journal’s signatures, as JSON or a PEM file to download (admin)',
      ...access.admin,
      request: { query: z.object({ format: z.enum(['json', 'pem']).default('json') }) },
      responses: {
        ...answers(ZPublicKeyAnswer),
        200: {
          content: {
            'application/json': { schema: ZPublicKeyAnswer },
            'application/x-pem-file': { schema: z.string() },
          },
          description: 'The key (SPKI PEM) and its version',
        },
      },
    }),
    async (c) => {
      const key = await ensureSigningKey(db);
      if (c.req.valid('query').format === 'json')
        return c.json(ok({ public_key: key.publicKey, key_version: key.version }), 200);
      return c.body(key.publicKey, 200, {
        'content-type': 'application/x-pem-file',
        'content-disposition': `attachment; filename="cash-register-key-${key.version}.pem"`,
      });
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/receipt/{id}',
      tags,
      summary:
        'An order’s sales receipt, as JSON or a page: the first look is the original, later ones show it marked KOPI without counting a copy (owner or admin)',
      ...access.user,
      request: {
        params: ZIdParam,
        query: ZPrintQuery,
      },
      responses: jsonOrPage('receipt', ZReceipt, 'The receipt'),
    }),
    async (c) => {
      const me = caller(c);
      const { format, lang } = c.req.valid('query');
      const receipt = await printReceipt(db, me, c.req.valid('param').id, 'view');
      return answerReceipt(c, receipt, format, lang);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/receipt/{id}/copy',
      tags,
      summary: `A copy of the sales receipt to print: counted, journaled (13014) and marked KOPI; at most ${RECEIPT_COPY_LIMIT.count} copies per ${RECEIPT_COPY_LIMIT.minutes} minutes (admin)`,
      ...access.admin,
      middleware: [...access.admin.middleware, copyLimit],
      request: { params: ZIdParam, query: ZPrintQuery },
      responses: jsonOrPage('receipt', ZReceipt, 'The copy'),
    }),
    async (c) => {
      const { format, lang } = c.req.valid('query');
      const receipt = await printReceipt(db, caller(c), c.req.valid('param').id, 'copy');
      return answerReceipt(c, receipt, format, lang);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/receipt/{id}/return/{number}',
      tags,
      summary:
        'A return receipt: money given back on the order, by its receipt number; looked at again it shows marked KOPI without counting a copy (owner or admin)',
      ...access.user,
      request: {
        params: ZIdParam.extend({ number: zId() }),
        query: ZPrintQuery,
      },
      responses: jsonOrPage('receipt', ZReceipt, 'The return receipt'),
    }),
    async (c) => {
      const { format, lang } = c.req.valid('query');
      const { id, number } = c.req.valid('param');
      const receipt = await printReturnReceipt(db, caller(c), id, number, 'view');
      return answerReceipt(c, receipt, format, lang);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/receipt/{id}/return/{number}/copy',
      tags,
      summary:
        'A copy of a return receipt to print: counted, journaled (13014) and marked KOPI; limited like sales receipt copies (admin)',
      ...access.admin,
      middleware: [...access.admin.middleware, copyLimit],
      request: { params: ZIdParam.extend({ number: zId() }), query: ZPrintQuery },
      responses: jsonOrPage('receipt', ZReceipt, 'The copy'),
    }),
    async (c) => {
      const { format, lang } = c.req.valid('query');
      const { id, number } = c.req.valid('param');
      const receipt = await printReturnReceipt(db, caller(c), id, number, 'copy');
      return answerReceipt(c, receipt, format, lang);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/receipt/{id}/email',
      tags,
      summary:
        'Sends a copy of the order’s receipt to its owner’s e-mail address: counted and journaled once per sending, limited like printed copies (owner or admin)',
      ...access.user,
      middleware: [...access.user.middleware, copyLimit],
      request: { params: ZIdParam },
      responses: answers(ZOk.extend({ email: z.string() })),
    }),
    async (c) => c.json(ok(await emailReceipt(deps, caller(c), c.req.valid('param').id)), 200),
  );
  drawerRoutes(app, deps);
  const printable = { query: ZReportQuery };
  const reportAnswers = jsonOrPage('report', ZCashReport, 'The report, as JSON or a page to print');
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/cash/x-report',
      tags,
      summary: 'X report: the totals since the last Z report; journaled, resets nothing (admin)',
      ...access.admin,
      request: printable,
      responses: reportAnswers,
    }),
    async (c) => {
      const { format, lang, cash_point_id } = c.req.valid('query');
      const report = await cashReport(db, 'X', caller(c), cash_point_id);
      if (format === 'json') return c.json(ok({ report }), 200);
      return c.html(reportHtml(report, lang ?? 'nb'), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/cash/z-report/{number}',
      tags,
      summary: 'An earlier Z report again, as JSON or a page to print (admin)',
      ...access.admin,
      request: { ...printable, params: z.object({ number: zId() }) },
      responses: reportAnswers,
    }),
    async (c) => {
      const { format, lang, cash_point_id } = c.req.valid('query');
      const report = await storedZReport(db, caller(c), c.req.valid('param').number, cash_point_id);
      if (format === 'json') return c.json(ok({ report }), 200);
      return c.html(reportHtml(report, lang ?? 'nb'), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/cash/z-report',
      tags,
      summary: 'Z report: closes the day with the next number; what it covers is never in the next one (admin)',
      ...access.admin,
      request: { query: ZCashPointQuery },
      responses: answers(one('report', ZCashReport)),
    }),
    async (c) => c.json(ok({ report: await cashReport(db, 'Z', caller(c), c.req.valid('query').cash_point_id) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/payment/cash',
      tags,
      summary: 'Cash at the counter: pays the order and answers the change to give (admin)',
      ...access.admin,
      request: jsonBody(ZCashPaymentBody),
      responses: answers(one('payment', ZCashPayment)),
    }),
    async (c) => c.json(ok({ payment: await payCash(db, caller(c), c.req.valid('json')) }), 200),
  );
}
