/**
 * How the product's own codes map to the SAF-T Cash Register code lists
 * (docs/reference/saf-t-cash-register/codelist-*.csv). Each code the file uses is declared
 * once in `basics` (its basicID is what events, lines and payments name) with the predefined
 * code it stands for.
 */
import { JOURNAL_EVENTS } from '@club/shared/cash';
import type { TPaymentMethod } from '@club/shared/orders';
import type { VAT_RATES } from '@club/shared/vat';

export const SAFT_NAMESPACE = 'urn:StandardAuditFile-Taxation-CashRegister:NO';

export interface Basic {
  basicType: string;
  basicID: string;
  predefinedBasicID?: string;
  basicDesc: string;
}

/**
 * The file's VAT codes (the rate in percent) and the Tax Administration's standard codes:
 * 3 = output VAT, general rate; 31 = middle rate; 33 = low rate; 0 = no VAT treatment.
 */
export const STANDARD_VAT_CODE: Record<(typeof VAT_RATES)[number], string> = { 25: '3', 15: '31', 12: '33', 0: '0' };
export const vatCodeOf = (rate: number) => String(rate);

/** Order line kinds are the article groups (code list 04). */
export const ARTICLE_GROUPS: Basic[] = [
  { basicType: '04', basicID: 'game', predefinedBasicID: '04999', basicDesc: 'Bordleie' },
  { basicType: '04', basicID: 'product', predefinedBasicID: '04003', basicDesc: 'Kioskvarer' },
  {
    basicType: '04',
    basicID: 'subscription',
    predefinedBasicID: '04999',
    basicDesc: 'Klippekort (forhåndsbetalte timer)',
  },
];

export const LINE_SALE = 'SAL';
export const LINE_RETURN = 'RET';
export const LINE_REDUCTION = 'RED';
export const TRANS_SALE = 'SALE';
export const TRANS_RETURN = 'RETURN';
export const DISCOUNT = 'DISCOUNT';

const LINE_AND_TRANSACTION_TYPES: Basic[] = [
  { basicType: '05', basicID: LINE_SALE, basicDesc: 'Salgslinje' },
  { basicType: '05', basicID: LINE_RETURN, basicDesc: 'Returlinje' },
  { basicType: '05', basicID: LINE_REDUCTION, basicDesc: 'Prisavslag (tilbakebetaling uten retur av varer)' },
  { basicType: '08', basicID: DISCOUNT, basicDesc: 'Rabatt på ordren, fordelt på linjene' },
  { basicType: '11', basicID: TRANS_SALE, predefinedBasicID: '11001', basicDesc: 'Kontantsalg' },
  { basicType: '11', basicID: TRANS_RETURN, predefinedBasicID: '11006', basicDesc: 'Utbetaling ved retur' },
];

/** Means of payment (code list 12); an order settled without a method counts as settled by staff, as the reports do. */
export const PAYMENT_CODES: Record<TPaymentMethod, Basic> = {
  cash: { basicType: '12', basicID: 'cash', predefinedBasicID: '12001', basicDesc: 'Kontant' },
  physical: { basicType: '12', basicID: 'physical', predefinedBasicID: '12002', basicDesc: 'Kort i kiosken' },
  card: { basicType: '12', basicID: 'card', predefinedBasicID: '12002', basicDesc: 'Kort på nett' },
  vipps: { basicType: '12', basicID: 'vipps', predefinedBasicID: '12011', basicDesc: 'Vipps (mobilbetaling)' },
  system: { basicType: '12', basicID: 'system', predefinedBasicID: '12999', basicDesc: 'Betalt av ansatte' },
};
export const paymentCodeOf = (method: string | null | undefined): string =>
  method && method in PAYMENT_CODES ? method : 'system';

/** Code list 13 (events), in Norwegian as the list gives them. */
const EVENT_NAMES: Record<string, string> = {
  '13001': 'Oppstart av POS applikasjon',
  '13002': 'Avslutning av POS applikasjon',
  '13003': 'Pålogging bruker/ansatt',
  '13004': 'Avlogging bruker/ansatt',
  '13005': 'Kasseskuff åpning',
  '13006': 'Kasseskuff lukking',
  '13007': 'Oppdatering av programvare',
  '13008': 'Kjøring av X-rapport',
  '13009': 'Kjøring av Z-rapport',
  '13010': 'Parkering av kvittering/bong',
  '13011': 'Tilbakehenting av parkert kvittering/bong',
  '13012': 'Salgskvittering skrevet ut',
  '13013': 'Returkvittering',
  '13014': 'Kopi av kvittering',
  '13015': 'Foreløpig kvittering',
  '13016': 'Utleveringskvittering ved kredittsalg',
  '13017': 'Treningsmodus - alle typer kvitteringer',
  '13018': 'Andre rapporter eller kvitteringer',
  '13019': 'Uttak av kontanter fra kassa',
  '13020': 'Overføring av journal til annet lagringsmedie',
  '13021': 'Prisendringer',
  '13022': 'Prisundersøkelse',
  '13023': 'Treningsmodus på',
  '13024': 'Treningsmodus av',
  '13025': 'Fullt minne',
  '13026': 'Nødmodus på',
  '13027': 'Nødmodus av',
  '13028': 'Annulleringskvittering',
  '13029': 'STEB kvittering',
  '13030': 'Fullført salg uten utskrift av kvittering',
};

/** An event's basicID is its code from list 13, so every code the journal holds has one. */
export const eventBasic = (code: string): Basic => ({
  basicType: '13',
  basicID: code,
  ...(code in EVENT_NAMES ? { predefinedBasicID: code } : { predefinedBasicID: '13999' }),
  basicDesc: EVENT_NAMES[code] ?? `Hendelse ${code}`,
});

/** Everything `basics` declares: the fixed codes and the events of the period. */
export function basicsFor(eventCodes: readonly string[]): Basic[] {
  const events = [...new Set<string>([...eventCodes, JOURNAL_EVENTS.salesReceipt])].sort().map(eventBasic);
  return [...ARTICLE_GROUPS, ...LINE_AND_TRANSACTION_TYPES, ...Object.values(PAYMENT_CODES), ...events];
}
