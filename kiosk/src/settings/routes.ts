import { one } from '@club/shared/api';
import { ZBillingSettings } from '@club/shared/billing';
import { ZClubDetails, ZClubDetailsKept, ZReceiptHeaderPreview } from '@club/shared/cash';
import { ZDebtSettings } from '@club/shared/club-settings';
import { ZPaymentMethodSettings } from '@club/shared/orders';
import { ZLocale } from '@club/shared/users';
import { z } from '@club/shared/zod';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { receiptHeader, reportHeader } from '../cash/receipt-header.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { changeBillingSettings, changeClubDetails, changePaymentMethods } from './change-settings.ts';
import { billingSettings, clubDetails, debtSettings, paymentMethods } from './club-settings.ts';

const tags = ['settings'];

/** The club's billing settings (DESIGN §6): rounding unit, minimum charge, grace period. */
export function settingsRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  defineRoute(app, {
    method: 'get',
    path: '/v1/settings/billing',
    tags,
    summary: 'How time is billed',
    access: 'user',
    answer: one('settings', ZBillingSettings),
    handler: async () => ({ settings: await billingSettings.get(db) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/settings/billing',
    tags,
    summary: 'Change how time is billed (admin); applies to running bills too',
    access: 'admin',
    body: ZBillingSettings,
    answer: one('settings', ZBillingSettings),
    handler: async ({ body, me }) => ({ settings: await changeBillingSettings(db, me, body) }),
  });
  defineRoute(app, {
    method: 'get',
    path: '/v1/settings/debts',
    tags,
    summary: 'Whether a player who owes money may start new games',
    access: 'user',
    answer: one('settings', ZDebtSettings),
    handler: async () => ({ settings: await debtSettings.get(db) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/settings/debts',
    tags,
    summary: 'Choose whether a player who owes money may start new games (admin)',
    access: 'admin',
    body: ZDebtSettings,
    answer: one('settings', ZDebtSettings),
    handler: async ({ body }) => ({ settings: await debtSettings.save(db, body) }),
  });
  defineRoute(app, {
    method: 'get',
    path: '/v1/settings/payments',
    tags,
    summary: 'Which ways of paying the club offers (Vipps, card online, card at the kiosk)',
    access: 'user',
    answer: one('settings', ZPaymentMethodSettings),
    handler: async () => ({ settings: await paymentMethods.get(db) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/settings/payments',
    tags,
    summary: 'Switch ways of paying on or off (admin); payments already started finish',
    access: 'admin',
    body: ZPaymentMethodSettings,
    answer: one('settings', ZPaymentMethodSettings),
    handler: async ({ body, me }) => ({ settings: await changePaymentMethods(db, me, body) }),
  });
  defineRoute(app, {
    method: 'get',
    path: '/v1/settings/club',
    tags,
    summary: 'The business on receipts: name, organisation number, address, VAT (admin)',
    access: 'admin',
    answer: one('settings', ZClubDetailsKept),
    handler: async () => ({ settings: await clubDetails.get(db) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/settings/club',
    tags,
    summary: 'Change the business details and the VAT rate of table time (admin)',
    access: 'admin',
    body: ZClubDetails,
    answer: one('settings', ZClubDetailsKept),
    handler: async ({ body, me }) => ({ settings: await changeClubDetails(db, me, body) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/settings/club/preview',
    tags,
    summary: 'How receipts and reports would print the business with these details; saves nothing (admin)',
    access: 'admin',
    body: ZClubDetails,
    query: z.object({ lang: ZLocale.default('nb') }),
    answer: one('preview', ZReceiptHeaderPreview),
    handler: ({ body, query }) => {
      const [club, { lang }] = [body, query];
      return { preview: { receipt: receiptHeader(club, lang), report: reportHeader(club, lang) } };
    },
  });
}
