import type { TLocale } from '@club/shared/users';

/* Shared parts of the printed pages: receipts and X and Z reports. */

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

export const kr = (ore: number, locale: TLocale) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .format(ore / 100)
    .replace(/\u00a0/g, ' ');

// 80 mm thermal paper by default; an A4 printer gets a wider, centred column
export const PRINT_STYLE = `
body { font: 12px/1.35 monospace; margin: 0; color: #000; background: #fff; }
main { width: 72mm; padding: 4mm; margin: 0 auto; }
h1 { font-size: 16px; text-align: center; margin: 0 0 2mm; }
.copy { font-size: 20px; text-align: center; border: 2px solid #000; margin: 2mm 0; }
table { width: 100%; border-collapse: collapse; }
td, th { padding: 0.5mm 0; text-align: left; vertical-align: top; }
td.n, th.n { text-align: right; }
.total td { font-weight: bold; border-top: 1px dashed #000; }
p { margin: 0.5mm 0; }
@page { size: 80mm auto; margin: 0; }
@media print and (min-width: 150mm) { main { width: 120mm; font-size: 14px; } }
@page a4 { size: A4; margin: 20mm; }
`;
