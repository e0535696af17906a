import type { cashDayEn } from './cash-day.en.ts';
import type { Texts } from './en.ts';

/** Texts of returns, the cash drawer and the receipt by e-mail on printed pages and in mail (bokmål). */
export const cashDayNb: Texts<typeof cashDayEn> = {
  cash: {
    return_receipt: 'Returkvittering',
    returned_with: 'Tilbakebetalt med',
    sale_receipt_ref: 'Gjelder kvittering',
    reason: 'Årsak',
    net_sales: 'Nettosalg',
    returns_by_method: 'Returer per betalingsmiddel',
    group_column: 'Varegruppe',
    method_column: 'Betalingsmiddel',
    count_column: 'Antall',
    amount_column: 'Beløp',
    drawer: {
      title: 'Kasseoppgjør',
      float: 'Inngående veksel',
      cash_sales: 'Kontantsalg',
      cash_returns: 'Kontante returer',
      cash_rounding: 'Øreavrunding',
      withdrawals: 'Uttak',
      deposits: 'Innskudd',
      expected: 'Forventet kontantbeholdning',
      counted: 'Opptalt',
      expected_at_count: 'Forventet ved opptelling',
      difference: 'Differanse',
      not_counted: 'Ikke opptalt',
      moved_since_count: 'Kontanter er registrert etter opptellingen: den gjelder ikke kassen slik den er nå.',
    },
    mail: {
      subject: 'Kvittering {{reference}} fra {{club}}',
      intro: 'Her er kvitteringen du ba om.',
    },
  },
};
