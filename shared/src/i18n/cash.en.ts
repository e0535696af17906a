/** Texts of the cash register: receipts, reports and their refusals (English). */
export const cashEn = {
  error: {
    receipt_not_found: 'There is no receipt for this order yet.',
  },
  validation: {
    organisation_number: 'The organisation number is not valid (nine digits with a check digit).',
  },
  pay: {
    method: {
      cash: 'Cash',
    },
  },
  cash: {
    sales_receipt: 'Sales receipt',
    copy: 'COPY',
    org_nr: 'Org. no.',
    vat_suffix: 'VAT',
    receipt_number: 'Receipt number',
    cash_point: 'Cash point',
    date: 'Date',
    item: 'Item',
    quantity: 'Qty',
    price: 'Price',
    amount: 'Amount',
    vat_rate: 'VAT rate',
    vat: 'VAT',
    basis: 'Basis',
    subtotal: 'Subtotal',
    discount: 'Discount',
    total: 'Total',
    paid_with: 'Paid with',
    print_number: 'Print no.',
    method: {
      physical: 'Card',
      vipps: 'Vipps',
      cash: 'Cash',
      system: 'Nothing to pay',
    },
  },
};
