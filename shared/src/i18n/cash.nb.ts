/** Texts of the cash register: receipts, reports and their refusals (bokmål). */
export const cashNb = {
  error: {
    receipt_not_found: 'Det finnes ingen kvittering for denne ordren ennå.',
  },
  validation: {
    organisation_number: 'Organisasjonsnummeret er ikke gyldig (ni sifre med kontrollsiffer).',
  },
  pay: {
    method: {
      cash: 'Kontant',
    },
  },
  cash: {
    sales_receipt: 'Salgskvittering',
    copy: 'KOPI',
    org_nr: 'Org.nr',
    vat_suffix: 'MVA',
    receipt_number: 'Kvitteringsnummer',
    cash_point: 'Kassepunkt',
    date: 'Dato',
    item: 'Vare',
    quantity: 'Antall',
    price: 'Pris',
    amount: 'Beløp',
    vat_rate: 'MVA-sats',
    vat: 'MVA',
    basis: 'Grunnlag',
    subtotal: 'Sum',
    discount: 'Rabatt',
    total: 'Totalt',
    paid_with: 'Betalt med',
    print_number: 'Utskrift nr.',
    method: {
      physical: 'Kort',
      vipps: 'Vipps-appen',
      cash: 'Kontant',
      system: 'Ingenting å betale',
    },
  },
};
