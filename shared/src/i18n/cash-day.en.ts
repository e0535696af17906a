/** Texts of returns, the cash drawer and the receipt by e-mail on printed pages and in mail (English). */
export const cashDayEn = {
  cash: {
    return_receipt: 'Return receipt',
    returned_with: 'Refunded to',
    sale_receipt_ref: 'For receipt',
    reason: 'Reason',
    net_sales: 'Net sales',
    returns_by_method: 'Returns per means of payment',
    group_column: 'Product group',
    method_column: 'Means of payment',
    count_column: 'Count',
    amount_column: 'Amount',
    drawer: {
      title: 'Cash count',
      float: 'Opening float',
      cash_sales: 'Cash sales',
      cash_returns: 'Cash returns',
      cash_rounding: 'Cash rounding to whole kroner',
      withdrawals: 'Withdrawals',
      deposits: 'Deposits',
      expected: 'Expected cash',
      counted: 'Counted',
      expected_at_count: 'Expected when counted',
      difference: 'Difference',
      not_counted: 'Not counted',
      moved_since_count: 'Cash has been recorded since the count: it does not tell of the drawer as it is now.',
    },
    mail: {
      subject: 'Receipt {{reference}} from {{club}}',
      intro: 'Here is the receipt you asked for.',
    },
  },
};
