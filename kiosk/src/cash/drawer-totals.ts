import { JOURNAL_EVENTS, type TDrawerTotals } from '@club/shared/cash';
import type { JournalRow } from './journal.ts';

interface MovementDetail {
  kind?: string;
  amount?: number;
  counted?: number;
  expected?: number;
  difference?: number;
  method?: string;
  rounding?: number;
}
const detailOf = (row: JournalRow) => row.detail as MovementDetail;
const sum = (rows: JournalRow[], pick: (row: JournalRow) => number) => rows.reduce((s, r) => s + pick(r), 0);

/**
 * The cash drawer over a stretch of the journal: what should be in it (opening float + cash
 * sales − cash returns + their rounding to whole kroner − withdrawals + deposits) and the last
 * count with its difference.
 * Read from the journal alone, so a Z report printed again shows what it showed.
 */
export function drawerTotals(rows: JournalRow[]): TDrawerTotals {
  const other = (kind: string) => rows.filter((r) => r.eventCode === JOURNAL_EVENTS.other && detailOf(r).kind === kind);
  const cash = (event: string) => rows.filter((r) => r.eventCode === event && detailOf(r).method === 'cash');
  const float = sum(other('float'), (r) => detailOf(r).amount ?? 0);
  const deposits = sum(other('deposit'), (r) => detailOf(r).amount ?? 0);
  const withdrawals = sum(
    rows.filter((r) => r.eventCode === JOURNAL_EVENTS.cashWithdrawal),
    (r) => detailOf(r).amount ?? 0,
  );
  const sales = cash(JOURNAL_EVENTS.salesReceipt);
  const returns = cash(JOURNAL_EVENTS.returnReceipt);
  const cashSales = sum(sales, (r) => r.amountIn ?? 0);
  const cashReturns = -sum(returns, (r) => r.amountIn ?? 0);
  const rounding = sum([...sales, ...returns], (r) => detailOf(r).rounding ?? 0);
  const last = other('cash_count').at(-1);
  const counted = last ? detailOf(last) : undefined;
  return {
    float,
    cash_sales: cashSales,
    cash_returns: cashReturns,
    withdrawals,
    deposits,
    cash_rounding: rounding,
    expected: float + cashSales - cashReturns + rounding - withdrawals + deposits,
    count:
      last && counted
        ? {
            counted: counted.counted ?? 0,
            expected: counted.expected ?? 0,
            difference: counted.difference ?? 0,
            at: last.at.toISOString(),
          }
        : null,
  };
}
