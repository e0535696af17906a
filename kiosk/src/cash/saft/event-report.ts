import { JOURNAL_EVENTS } from '@club/shared/cash';
import { VAT_RATES } from '@club/shared/vat';
import { and, eq, lte, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cashJournal } from '../../db/schema.ts';
import { type JournalRow, localDateTime } from '../journal.ts';
import { journalRange, type ReportTotals, totalsOf } from '../report-totals.ts';
import { ARTICLE_GROUPS, PAYMENT_CODES, vatCodeOf } from './codes.ts';
import { kr, percent } from './format.ts';
import type { SaftRegister, SaftScope } from './scope.ts';
import type { SaftWriter } from './writer.ts';

interface ReportRange {
  number: number;
  from_nr: number;
  to_nr: number;
}

/** How many deposits, withdrawals and cash counts a report's stretch of the journal holds. */
function drawerMovements(rows: readonly JournalRow[]) {
  const kinds = rows.map((r) => (r.detail as { kind?: string }).kind);
  return {
    deposits: kinds.filter((k) => k === 'deposit').length,
    withdrawals: rows.filter((r) => r.eventCode === JOURNAL_EVENTS.cashWithdrawal).length,
    counts: kinds.filter((k) => k === 'cash_count').length,
  };
}

export const reportIdOf = (registerId: number, number: number) => `${registerId}-${number}`;

/** Returns since the cash point was taken into use, up to a report (their amounts are negative or positive as journaled). */
async function returnsUpTo(db: Executor, register: SaftRegister, toNr: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(cashJournal.amountIn).mapWith(Number) })
    .from(cashJournal)
    .where(
      and(
        eq(cashJournal.cashPointId, register.id),
        eq(cashJournal.eventCode, JOURNAL_EVENTS.returnReceipt),
        lte(cashJournal.nr, toNr),
      ),
    );
  return Math.abs(row?.total ?? 0);
}

/**
 * A Z report's contents (`eventReport`), added up again from the range its journal entry
 * names, as `GET /v1/cash/z-report/{number}` prints it. The schema wants at least one row in
 * each list, so every group, means of payment and VAT rate is listed, zero or not.
 */
export async function writeZReport(
  w: SaftWriter,
  db: Executor,
  register: SaftRegister,
  scope: SaftScope,
  row: JournalRow,
): Promise<void> {
  const range = row.detail as ReportRange;
  const totals = await totalsOf(db, register.id, range.from_nr, range.to_nr);
  const movements = drawerMovements(await journalRange(db, register.id, range.from_nr, range.to_nr));
  const grandReturns = await returnsUpTo(db, register, range.to_nr);
  const at = localDateTime(row.at);
  const returned = Math.abs(totals.returns.amount);
  w.group('eventReport', () => {
    w.leaves({
      reportID: reportIdOf(register.id, range.number),
      reportType: 'Z report',
      companyIdent: scope.club.organisation_number,
      companyName: scope.club.company_name.slice(0, 100),
      reportDate: at.date,
      reportTime: at.time,
      registerID: String(register.id),
    });
    w.group('reportTotalCashSales', () => w.leaf('totalCashSaleAmnt', kr(totals.net_sales)));
    writeBreakdowns(w, totals);
    w.leaves({
      reportOpeningChangeFloat: kr(totals.drawer.float),
      reportReceiptNum: totals.sales.count,
      reportOpenCashBoxNum: totals.drawer_openings,
      reportReceiptCopyNum: totals.copies.count,
      reportReceiptCopyAmnt: kr(totals.copies.amount),
      reportReceiptProformaNum: 0,
      reportReceiptProformaAmnt: kr(0),
      reportReturnNum: totals.returns.count,
      reportReturnAmnt: kr(returned),
      reportDiscountNum: totals.discounts.count,
      reportDiscountAmnt: kr(totals.discounts.amount),
      reportVoidTransNum: 0,
      reportVoidTransAmnt: kr(0),
    });
    w.group('reportCorrLines', () =>
      w.group('reportCorrLine', () => w.leaves({ corrLineType: 'None', corrLineNum: 0, corrLineAmnt: kr(0) })),
    );
    w.group('reportPriceInquiries', () =>
      w.group('reportPriceInquiry', () =>
        w.leaves({ priceInquiryGroup: 'None', priceInquiryNum: 0, priceInquiryAmnt: kr(0) }),
      ),
    );
    const count = totals.drawer.count;
    w.group('reportOtherCorrs', () =>
      w.group('reportOtherCorr', () =>
        w.leaves({
          otherCorrType: count ? 'Kassedifferanse' : 'None',
          otherCorrNum: movements.counts,
          otherCorrAmnt: kr(count?.difference ?? 0),
        }),
      ),
    );
    w.leaves({
      reportReceiptDeliveryNum: 0,
      reportReceiptDeliveryAmnt: kr(0),
      reportTrainingNum: 0,
      reportTrainingAmnt: kr(0),
    });
    w.group('reportPayIns', () =>
      w.group('reportPayIn', () =>
        w.leaves({ payInType: 'deposit', payInNum: movements.deposits, payInAmnt: kr(totals.drawer.deposits) }),
      ),
    );
    w.group('reportPayOuts', () =>
      w.group('reportPayOut', () =>
        w.leaves({
          payOutType: 'withdrawal',
          payOutNum: movements.withdrawals,
          payOutAmnt: kr(totals.drawer.withdrawals),
        }),
      ),
    );
    w.leaves({
      reportGrandTotalSales: kr(totals.grand_total + grandReturns),
      reportGrandTotalReturn: kr(grandReturns),
      reportGrandTotalSalesNet: kr(totals.grand_total),
    });
  });
}

/** Per article group, per means of payment and per VAT rate (amounts without VAT). */
function writeBreakdowns(w: SaftWriter, totals: ReportTotals): void {
  w.group('reportArtGroups', () => {
    for (const { basicID } of ARTICLE_GROUPS) {
      const group = totals.by_group.find((g) => g.group === basicID);
      w.group('reportArtGroup', () =>
        w.leaves({ artGroupID: basicID, artGroupNum: group?.count ?? 0, artGroupAmnt: kr(group?.amount ?? 0) }),
      );
    }
  });
  w.group('reportPayments', () => {
    for (const method of Object.keys(PAYMENT_CODES)) {
      const paid = totals.by_method.find((m) => m.method === method);
      w.group('reportPayment', () =>
        w.leaves({ paymentType: method, paymentNum: paid?.count ?? 0, paymentAmnt: kr(paid?.amount ?? 0) }),
      );
    }
  });
  w.group('reportCashSalesVat', () => {
    for (const rate of VAT_RATES) {
      const vat = totals.vat_per_rate.find((v) => v.vat_rate === rate);
      w.group('reportCashSaleVat', () =>
        w.leaves({
          vatCode: vatCodeOf(rate),
          vatPerc: percent(rate),
          cashSaleAmnt: kr(vat?.net ?? 0),
          vatAmnt: kr(vat?.vat ?? 0),
          vatAmntTp: 'C',
        }),
      );
    }
  });
}
