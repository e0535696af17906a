/**
 * Reads a SAF-T Cash Register file the way the Tax Administration would, without any of the
 * exporter's code: validates it against the official XSD (libxml2's xmllint compiled to
 * WebAssembly, so no system package is needed), checks each transaction's signature with
 * the public key over the data re-derived from the XML (node:crypto), and adds up its totals.
 */
import { verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { memoryPages, validateXML } from 'xmllint-wasm';

const REFERENCE = new URL('../../docs/reference/saf-t-cash-register/', import.meta.url);
const XSD = readFileSync(new URL('Norwegian_SAF-T_Cash_Register_Schema_v_1.00.xsd', REFERENCE), 'utf8');

/** xmllint's complaints; empty when the file is valid against the official schema. */
export async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'saft.xml', contents: xml }],
    schema: [{ fileName: 'schema.xsd', contents: XSD }],
    maxMemoryPages: 512 * memoryPages.MiB,
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

export interface SaftVat {
  vatCode?: string;
  vatPerc?: string;
  vatAmnt: string;
  vatBasAmnt?: string;
}
export interface SaftLine {
  lineType: string;
  artGroupID?: string;
  qnt?: string;
  cashTransLineDescr?: string;
  lineAmntIn: string;
  lineAmntEx: string;
  vat: SaftVat[];
}
export interface SaftTransaction {
  nr: string;
  transType: string;
  transAmntIn: string;
  transAmntEx: string;
  transDate: string;
  transTime: string;
  desc?: string;
  ctLine: SaftLine[];
  vat: SaftVat[];
  /** cash: what rounding to whole kroner added to what was paid */
  rounding?: { roundingAmnt: string };
  payment: { paymentType: string; paidAmnt: string }[];
  signature: string;
  keyVersion: string;
}
export interface SaftReport {
  reportID: string;
  reportType: string;
  reportTotalCashSales: { totalCashSaleAmnt: string };
  reportReceiptNum: string;
  reportGrandTotalSalesNet: string;
}
export interface SaftEvent {
  eventID: string;
  eventType: string;
  transID?: string;
  empID?: string;
  eventDate: string;
  eventTime: string;
  eventText?: string;
  eventReport?: SaftReport;
}
export interface SaftRegister {
  registerID: string;
  event: SaftEvent[];
  cashtransaction: SaftTransaction[];
}
export interface SaftFile {
  header: { startDate: string; endDate: string; softwareVersion: string };
  company: {
    companyIdent: string;
    companyName: string;
    taxRegIdent?: string;
    vatCodeDetails: { vatCodeDetail: { vatCode: string; standardVatCode: string }[] };
    employees: { employee: { empID: string }[] } | '';
    basics: { basic: { basicType: string; basicID: string; predefinedBasicID?: string }[] };
    location: { cashregister: SaftRegister[] }[];
  };
}

const LISTS = new Set([
  'location',
  'cashregister',
  'event',
  'cashtransaction',
  'ctLine',
  'vat',
  'payment',
  'basic',
  'employee',
  'article',
  'vatCodeDetail',
]);

/** The file as plain objects; every value stays the text it is in the XML. */
export function parseSaft(xml: string): SaftFile {
  const parser = new XMLParser({
    ignoreAttributes: true,
    parseTagValue: false,
    isArray: (name) => LISTS.has(name),
  });
  const doc = parser.parse(xml) as { auditfile: SaftFile };
  for (const location of doc.auditfile.company.location)
    for (const register of location.cashregister) {
      register.event ??= [];
      register.cashtransaction ??= [];
    }
  return doc.auditfile;
}

export const registersOf = (file: SaftFile) => file.company.location.flatMap((l) => l.cashregister);

/** "-16.40" → -1640 øre, read as text so no rounding can hide a changed øre. */
export function ore(amount: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`not an amount with two decimals: ${amount}`);
  const value = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}

/**
 * The transactions whose signature does not verify: each is over
 * `<previous signature>;<transDate>;<transTime>;<nr>;<transAmntIn>;<transAmntEx>`, the first
 * one's previous signature being `previous[registerID]` (the last one before the period) or `0`.
 */
export function brokenSignatures(file: SaftFile, publicKeyPem: string, previous: Record<string, string> = {}) {
  const broken: string[] = [];
  for (const register of registersOf(file)) {
    let last = previous[register.registerID] ?? '0';
    for (const t of register.cashtransaction) {
      const data = `${last};${t.transDate};${t.transTime};${t.nr};${t.transAmntIn};${t.transAmntEx}`;
      if (!verify('sha1', Buffer.from(data, 'utf8'), publicKeyPem, Buffer.from(t.signature, 'base64')))
        broken.push(`register ${register.registerID} transaction ${t.nr}`);
      last = t.signature;
    }
  }
  return broken;
}

export interface SaftTotals {
  sales: { count: number; amount: number };
  returns: { count: number; amount: number };
  /** per means of payment, net of returns (a return counts no payment) */
  byPayment: Record<string, { count: number; amount: number }>;
  /** per VAT percent ("25.00"): amount with VAT and the VAT, from the transactions' lines, net of returns */
  byRate: Record<string, { gross: number; vat: number }>;
  /** lines that do not add up to their transaction, or a payment that does not pay it */
  mismatches: string[];
}

function entryOf<T>(record: Record<string, T>, key: string, empty: () => T): T {
  record[key] = record[key] ?? empty();
  return record[key];
}

/** What the file's transactions add up to, and whether each one's lines and payments match it. */
export function saftTotals(file: SaftFile): SaftTotals {
  const totals: SaftTotals = {
    sales: { count: 0, amount: 0 },
    returns: { count: 0, amount: 0 },
    byPayment: {},
    byRate: {},
    mismatches: [],
  };
  for (const t of registersOf(file).flatMap((r) => r.cashtransaction)) {
    const amountIn = ore(t.transAmntIn);
    const bucket = t.transType === 'RETURN' ? totals.returns : totals.sales;
    bucket.count++;
    bucket.amount += amountIn;
    const lines = t.ctLine ?? [];
    const sumIn = lines.reduce((s, l) => s + ore(l.lineAmntIn), 0);
    const sumEx = lines.reduce((s, l) => s + ore(l.lineAmntEx), 0);
    const paid = t.payment.reduce((s, p) => s + ore(p.paidAmnt), 0);
    if (sumIn !== amountIn || sumEx !== ore(t.transAmntEx) || paid !== amountIn + roundingOf(t))
      totals.mismatches.push(`transaction ${t.nr}: lines ${sumIn}/${sumEx}, paid ${paid}`);
    addPerPaymentAndRate(totals, t);
  }
  return totals;
}

const roundingOf = (t: SaftTransaction) => ore(t.rounding?.roundingAmnt ?? '0.00');

/**
 * Net, as the X and Z reports add up: a return takes its amount off, and counts no sale. The
 * rounding of cash to whole kroner is the drawer's, not the sale's.
 */
function addPerPaymentAndRate(totals: SaftTotals, t: SaftTransaction): void {
  for (const p of t.payment) {
    const entry = entryOf(totals.byPayment, p.paymentType, () => ({ count: 0, amount: 0 }));
    if (t.transType !== 'RETURN') entry.count++;
    entry.amount += ore(p.paidAmnt) - roundingOf(t);
  }
  for (const l of t.ctLine ?? []) {
    const entry = entryOf(totals.byRate, l.vat[0]?.vatPerc ?? '?', () => ({ gross: 0, vat: 0 }));
    entry.gross += ore(l.lineAmntIn);
    entry.vat += ore(l.vat[0]?.vatAmnt ?? '0.00');
  }
}
