/**
 * The cash register (DESIGN §12): the club's details on receipts, the journal's event codes
 * (SAF-T code list PredefinedBasicID-13) and the receipt as the API answers it.
 */

import { ZPageQuery } from './api.ts';
import { ZCashPointQuery } from './cash-operators.ts';
import { ORDER_ITEM_KINDS, ZPaymentMethod } from './orders.ts';
import { ZOrganisationNumber } from './organisation-number.ts';
import { MAX_PRICE, zId, zInt, zMoney, zNote, zText } from './validation.ts';
import { ZVatRate } from './vat.ts';
import { z } from './zod.ts';

export const ZClubDetails = z
  .object({
    company_name: zText(150),
    organisation_number: ZOrganisationNumber,
    address: zText(300),
    vat_registered: z.boolean(),
    /** VAT percent inside the price of table time */
    table_time_vat_rate: ZVatRate,
  })
  .meta({ id: 'ClubDetails' });
export type TClubDetails = z.infer<typeof ZClubDetails>;
/**
 * The club's details as kept and answered: saving asks for every field (`ZClubDetails`), but
 * until an admin first saves them the address is the defaults' empty one, and the screen that
 * asks for it must be able to load them.
 */
export const ZClubDetailsKept = ZClubDetails.extend({ address: zNote(300) }).meta({ id: 'ClubDetailsKept' });
/** How the receipts' header reads with some club details (`POST /v1/settings/club/preview`). */
export const ZReceiptHeaderPreview = z
  .object({
    /** the lines at the top of every receipt */
    receipt: z.array(z.string()),
    /** the lines at the top of the X and Z reports */
    report: z.array(z.string()),
  })
  .meta({ id: 'ReceiptHeaderPreview' });
export type TReceiptHeaderPreview = z.infer<typeof ZReceiptHeaderPreview>;

/** Until an admin fills them in; the Tax Administration's own example number passes the check. */
export const DEFAULT_CLUB_DETAILS: TClubDetails = {
  company_name: 'Cue Club AS',
  organisation_number: '999999999',
  address: '',
  vat_registered: true,
  table_time_vat_rate: 25,
};

/** Journal event codes (PredefinedBasicID-13) the product writes. */
export const JOURNAL_EVENTS = {
  appStart: '13001',
  xReport: '13008',
  zReport: '13009',
  salesReceipt: '13012',
  returnReceipt: '13013',
  copyReceipt: '13014',
  priceChange: '13021',
  operatorLogIn: '13003',
  operatorLogOut: '13004',
  drawerOpen: '13005',
  cashWithdrawal: '13019',
  /** float, deposits, cash counts and settings changes: `detail.kind` says which */
  other: '13999',
} as const;
export type TJournalEvent = (typeof JOURNAL_EVENTS)[keyof typeof JOURNAL_EVENTS];

/** The string a sale or return is signed over (SAF-T: previous signature, date, time, number, amounts). */
export function signatureInput(entry: {
  previous: string;
  date: string;
  time: string;
  nr: number;
  amountIn: number;
  amountEx: number;
}): string {
  const kr = (ore: number) => (ore / 100).toFixed(2);
  return `${entry.previous};${entry.date};${entry.time};${entry.nr};${kr(entry.amountIn)};${kr(entry.amountEx)}`;
}

export const ZReceiptLine = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  total: z.number().int(),
  vat_rate: z.number().int(),
  vat: z.number().int(),
  /** a return's price reduction (goodwill) at this VAT rate: no units came back */
  reduction: z.boolean().optional(),
});

/**
 * Copies made on purpose (a staff reprint, a receipt sent by e-mail) per person: each is
 * journaled, and a mail goes out, so a loop cannot fill the journal or someone's inbox.
 */
export const RECEIPT_COPY_LIMIT = { count: 10, minutes: 10 } as const;
/** On a receipt's print page: `true` when it is not the original (printing it needs a copy made). */
export const RECEIPT_COPY_HEADER = 'x-receipt-copy';

export const ZReceipt = z
  .object({
    order_id: z.number().int(),
    receipt_number: z.number().int(),
    cash_point: z.object({ id: z.number().int(), name: z.string() }),
    company_name: z.string(),
    organisation_number: z.string(),
    address: z.string(),
    vat_registered: z.boolean(),
    date: z.string(),
    lines: z.array(ZReceiptLine),
    subtotal: z.number().int(),
    discount_amount: z.number().int(),
    total: z.number().int(),
    vat_per_rate: z.array(
      z.object({ vat_rate: z.number().int(), gross: z.number().int(), vat: z.number().int(), net: z.number().int() }),
    ),
    method: ZPaymentMethod.nullable(),
    /** paid or given back in cash: the total rounded to whole kroner by this (`cashRounding`), else 0 */
    cash_rounding: z.number().int(),
    /** the name of the staff member who registered the sale */
    operator: z.string().nullable(),
    /** how many prints of it exist (the original and its copies), this one included when it is one */
    print_number: z.number().int(),
    /** anything but the original issue: marked "KOPI" (a later look, or a copy made on purpose) */
    copy: z.boolean(),
    /** a sale ("Salgskvittering") or money given back ("Returkvittering", negative amounts) */
    kind: z.enum(['sale', 'return']),
    /** returns: the sales receipt it gives money back on, and why */
    sale_receipt_number: z.number().int().nullable(),
    reason: z.string().nullable(),
    /**
     * returns: what it takes from each group of the Z report (negative). A price reduction prints
     * one line per VAT rate, which may reduce a game and a product at once: this says how much each.
     */
    by_group: z.array(z.object({ group: z.enum(ORDER_ITEM_KINDS), amount: z.number().int() })).optional(),
  })
  .meta({ id: 'Receipt' });
export type TReceipt = z.infer<typeof ZReceipt>;

/**
 * Cash is taken and handed back in whole kroner (no øre coins since 2012): what the amount is
 * rounded by, to the nearest krone, 50 øre away from zero ("øreavrunding"). The sale keeps its
 * amount; the rounding is the drawer's, and SAF-T's `rounding` of the transaction.
 */
export const cashRounding = (amount: number): number =>
  Math.sign(amount) * Math.round(Math.abs(amount) / 100) * 100 - amount;

/** The cash drawer over a report's range: what should be in it, and the last count. */
export const ZDrawerTotals = z
  .object({
    float: z.number().int(),
    cash_sales: z.number().int(),
    /** cash handed back on returns, positive */
    cash_returns: z.number().int(),
    withdrawals: z.number().int(),
    deposits: z.number().int(),
    /** what rounding cash to whole kroner put in the drawer (negative: took out), `cashRounding` */
    cash_rounding: z.number().int(),
    /** float + cash sales − cash returns + cash rounding − withdrawals + deposits */
    expected: z.number().int(),
    count: z
      .object({ counted: z.number().int(), expected: z.number().int(), difference: z.number().int(), at: z.string() })
      .nullable(),
  })
  .meta({ id: 'DrawerTotals' });
export type TDrawerTotals = z.infer<typeof ZDrawerTotals>;

const ZCountAmount = z.object({ count: z.number().int(), amount: z.number().int() });

/** An X report (any time, resets nothing) or a Z report (the day close, numbered), per cash point. */
export const ZCashReport = z
  .object({
    kind: z.enum(['X', 'Z']),
    /** Z reports only: consecutive per cash point */
    number: z.number().int().nullable(),
    cash_point: z.object({ id: z.number().int(), name: z.string() }),
    company_name: z.string(),
    organisation_number: z.string(),
    at: z.string(),
    /** the journal numbers covered: after the previous Z report, up to this one */
    from_nr: z.number().int(),
    to_nr: z.number().int(),
    sales: ZCountAmount,
    by_group: z.array(ZCountAmount.extend({ group: z.enum(['game', 'product', 'subscription']) })),
    by_method: z.array(ZCountAmount.extend({ method: z.string() })),
    /** sales per staff member who registered them (none named: `user_id` null) */
    by_operator: z.array(ZCountAmount.extend({ user_id: z.number().int().nullable(), name: z.string() })),
    vat_per_rate: z.array(
      z.object({ vat_rate: z.number().int(), gross: z.number().int(), vat: z.number().int(), net: z.number().int() }),
    ),
    copies: ZCountAmount,
    returns: ZCountAmount,
    discounts: ZCountAmount,
    drawer_openings: z.number().int(),
    cash_sales: z.number().int(),
    /** every sale since the system was taken into use, up to this report */
    grand_total: z.number().int(),
    /** sales less returns; `by_group`, `by_method` and `vat_per_rate` are net too */
    net_sales: z.number().int(),
    /** returns per means of payment, negative */
    returns_by_method: z.array(ZCountAmount.extend({ method: z.string() })),
    drawer: ZDrawerTotals,
  })
  .meta({ id: 'CashReport' });
export type TCashReport = z.infer<typeof ZCashReport>;

/**
 * Cash at the counter: what the customer handed over; the answer says what was due in cash (the
 * total rounded to whole kroner, `cashRounding`) and the change to give.
 */
export const ZCashPaymentBody = z.object({ order_id: zId(), received: zMoney() }).meta({ id: 'CashPaymentBody' });
export const ZCashPayment = z
  .object({
    order_id: z.number().int(),
    total: z.number().int(),
    /** `cashRounding(total)` */
    rounding: z.number().int(),
    /** total + rounding: what the customer pays in cash */
    due: z.number().int(),
    received: z.number().int(),
    change: z.number().int(),
  })
  .meta({ id: 'CashPayment' });
export type TCashPayment = z.infer<typeof ZCashPayment>;

/** Kinds of the journal's `other` (13999) entries; the SAF-T transaction code each stands for. */
export const CASH_MOVEMENTS = {
  float: '11007',
  deposit: '11011',
  withdrawal: '11010',
  cash_count: '11008',
} as const;

export const ZCashFloatBody = z.object({ amount: zMoney() }).meta({ id: 'CashFloatBody' });
export const ZCashMovementBody = z
  .object({ amount: zInt(z.number().int().min(1).max(MAX_PRICE)), note: zNote(200) })
  .meta({ id: 'CashMovementBody' });
export const ZCashCountBody = z.object({ counted: zMoney() }).meta({ id: 'CashCountBody' });
export const ZDrawerOpenBody = z.object({ note: zNote(200) }).meta({ id: 'DrawerOpenBody' });

/** What a drawer registration answers: its journal number and the drawer as it stands. */
export const ZDrawerAnswer = z
  .object({ journal_nr: z.number().int(), drawer: ZDrawerTotals })
  .meta({ id: 'DrawerAnswer' });
export type TDrawerAnswer = z.infer<typeof ZDrawerAnswer>;

/** One earlier Z report in the list on the cash page. */
export const ZZReportSummary = z
  .object({
    number: z.number().int(),
    at: z.string(),
    from_nr: z.number().int(),
    to_nr: z.number().int(),
    grand_total: z.number().int(),
  })
  .meta({ id: 'ZReportSummary' });
export type TZReportSummary = z.infer<typeof ZZReportSummary>;

/** A page of a cash point's Z reports: one a day each, so the list is paged as the others. */
export const ZZReportListQuery = ZCashPointQuery.extend(ZPageQuery.shape);
export type TZReportListQuery = z.infer<typeof ZZReportListQuery>;
