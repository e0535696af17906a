import { formatAmount, MINUS } from '@club/shared/money';
import type { TLocale } from '@club/shared/users';

/* Shared parts of the printed pages: receipts and X and Z reports. */

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** An amount on paper: the app's one formatter (the minus sign, never −0,00), plain spaces for the printer. */
export const kr = (ore: number, locale: TLocale) => formatAmount(ore, locale).replace(/\u00a0/g, ' ');

/** A quantity on paper: a returned one with the same minus sign as the amounts. */
export const count = (quantity: number) => (quantity < 0 ? `${MINUS}${-quantity}` : String(quantity));

/**
 * A receipt line's units: "−2 × 19,99", or only "−2 stk" when no price of whole øre multiplies
 * to its total (two returned after a reduction of an øre: 19,985 each), so that what is
 * printed adds up.
 */
export const unitsOf = (
  line: { quantity: number; unit_price: number; total: number },
  price: (ore: number) => string,
  pieces: string,
) =>
  line.quantity * line.unit_price === line.total
    ? `${count(line.quantity)} × ${price(line.unit_price)}`
    : `${count(line.quantity)} ${pieces}`;

// 80 mm thermal paper by default; an A4 printer gets a wider, centred column
export const PRINT_STYLE = `
body { font: 12px/1.35 monospace; margin: 0; color: #000; background: #fff; }
main { width: 72mm; padding: 4mm; margin: 0 auto; }
h1 { font-size: 16px; text-align: center; margin: 0 0 2mm; }
.copy { font-size: 20px; text-align: center; border: 2px solid #000; margin: 2mm 0; }
table { width: 100%; border-collapse: collapse; }
td, th { padding: 0.5mm 0; text-align: left; vertical-align: top; }
td.n, th.n { text-align: right; }
/* a gap between columns: right-aligned headers ran together ("VATAmount") */
td + td, th + th { padding-left: 2mm; }
.total td { font-weight: bold; border-top: 1px dashed #000; }
p { margin: 0.5mm 0; }
@page { size: 80mm auto; margin: 0; }
@media print and (min-width: 150mm) { main { width: 120mm; font-size: 14px; } }
@page a4 { size: A4; margin: 20mm; }
`;
