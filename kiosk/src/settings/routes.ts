import { one } from '@club/shared/api';
import { ZBillingSettings } from '@club/shared/billing';
import { ZClubDetails, ZReceiptHeaderPreview } from '@club/shared/cash';
import { ZDebtSettings } from '@club/shared/club-settings';
import { ZPaymentMethodSettings } from '@club/shared/orders';
import { ZLocale } from '@club/shared/users';
import { z } from '@club/shared/zod';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { receiptHeader, reportHeader } from '../cash/receipt-header.ts';
import { caller } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { getBillingSettings } from './billing-settings.ts';
import { changeBillingSettings, changeClubDetails, changePaymentMethods } from './change-settings.ts';
import { getClubDetails } from './club-details.ts';
import { getDebtSettings, saveDebtSettings } from './debt-settings.ts';
import { getPaymentMethods } from './payment-methods.ts';

const tags = ['settings'];

/** The club's billing settings (DESIGN §6): rounding unit, minimum charge, grace period. */
export function settingsRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/settings/billing',
      tags,
      summary: 'How time is billed',
      ...access.user,
      responses: answers(one('settings', ZBillingSettings)),
    }),
    async (c) => c.json(ok({ settings: await getBillingSettings(db) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/settings/billing',
      tags,
      summary: 'Change how time is billed (admin); applies to running bills too',
      ...access.admin,
      request: jsonBody(ZBillingSettings),
      responses: answers(one('settings', ZBillingSettings)),
    }),
    async (c) => c.json(ok({ settings: await changeBillingSettings(db, caller(c), c.req.valid('json')) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/settings/debts',
      tags,
      summary: 'Whether a player who owes money may start new games',
      ...access.user,
      responses: answers(one('settings', ZDebtSettings)),
    }),
    async (c) => c.json(ok({ settings: await getDebtSettings(db) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/settings/debts',
      tags,
      summary: 'Choose whether a player who owes money may start new games (admin)',
      ...access.admin,
      request: jsonBody(ZDebtSettings),
      responses: answers(one('settings', ZDebtSettings)),
    }),
    async (c) => c.json(ok({ settings: await saveDebtSettings(db, c.req.valid('json')) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/settings/payments',
      tags,
      summary: 'Which ways of paying the club offers (Vipps, card online, card at the kiosk)',
      ...access.user,
      responses: answers(one('settings', ZPaymentMethodSettings)),
    }),
    async (c) => c.json(ok({ settings: await getPaymentMethods(db) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/settings/payments',
      tags,
      summary: 'Switch ways of paying on or off (admin); payments already started finish',
      ...access.admin,
      request: jsonBody(ZPaymentMethodSettings),
      responses: answers(one('settings', ZPaymentMethodSettings)),
    }),
    async (c) => c.json(ok({ settings: await changePaymentMethods(db, caller(c), c.req.valid('json')) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/settings/club',
      tags,
      summary: 'The business on receipts: name, organisation number, address, VAT (admin)',
      ...access.admin,
      responses: answers(one('settings', ZClubDetails)),
    }),
    async (c) => c.json(ok({ settings: await getClubDetails(db) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/settings/club',
      tags,
      summary: 'Change the business details and the VAT rate of table time (admin)',
      ...access.admin,
      request: jsonBody(ZClubDetails),
      responses: answers(one('settings', ZClubDetails)),
    }),
    async (c) => c.json(ok({ settings: await changeClubDetails(db, caller(c), c.req.valid('json')) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/settings/club/preview',
      tags,
      summary: 'How receipts and reports would print the business with these details; saves nothing (admin)',
      ...access.admin,
      request: { ...jsonBody(ZClubDetails), query: z.object({ lang: ZLocale.default('nb') }) },
      responses: answers(one('preview', ZReceiptHeaderPreview)),
    }),
    (c) => {
      const [club, { lang }] = [c.req.valid('json'), c.req.valid('query')];
      return c.json(ok({ preview: { receipt: receiptHeader(club, lang), report: reportHeader(club, lang) } }), 200);
    },
  );
}
