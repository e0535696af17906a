import type { TReceipt } from '@club/shared/cash';
import { translate } from '@club/shared/i18n/resources';
import type { TLocale } from '@club/shared/users';
import { clubTimeZone } from '../discounts/club-time-zone.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

const kr = (ore: number, locale: TLocale) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .format(ore / 100)
    .replace(/\u00a0/g, ' ');

// 80 mm thermal paper by default; an A4 printer gets a wider, centred column
const STYLE = `
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

/** The receipt as a page to print: 80 mm thermal width, or A4. */
export function receiptHtml(receipt: TReceipt, locale: TLocale): string {
  const t = (key: string) => escapeHtml(translate(locale, `cash.${key}`));
  const date = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'nb-NO', {
    timeZone: clubTimeZone(),
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(new Date(receipt.date));
  const orgNr = `${t('org_nr')} ${escapeHtml(receipt.organisation_number)}${receipt.vat_registered ? ` ${t('vat_suffix')}` : ''}`;
  const lines = receipt.lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.description)}<br>${l.quantity} × ${kr(l.unit_price, locale)}</td><td class="n">${l.vat_rate} %</td><td class="n">${kr(l.total, locale)}</td></tr>`,
    )
    .join('');
  const vat = receipt.vat_per_rate
    .map(
      (v) =>
        `<tr><td>${t('vat')} ${v.vat_rate} %</td><td class="n">${kr(v.net, locale)}</td><td class="n">${kr(v.vat, locale)}</td></tr>`,
    )
    .join('');
  const method = receipt.method ? t(`method.${receipt.method}`) : '';
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${t('sales_receipt')} ${receipt.receipt_number}</title><style>${STYLE}</style></head><body><main>
${receipt.copy ? `<p class="copy">${t('copy')}</p>` : ''}<h1>${t('sales_receipt')}</h1>
<p>${escapeHtml(receipt.company_name)}</p><p>${orgNr}</p><p>${escapeHtml(receipt.address)}</p>
<p>${t('date')}: ${escapeHtml(date)}</p><p>${t('receipt_number')}: ${receipt.receipt_number}</p>
<p>${t('cash_point')}: ${escapeHtml(receipt.cash_point.name)} (${receipt.cash_point.id})</p>
<table><tr><th>${t('item')}</th><th class="n">${t('vat_rate')}</th><th class="n">${t('amount')}</th></tr>${lines}
${receipt.discount_amount ? `<tr><td>${t('discount')}</td><td></td><td class="n">-${kr(receipt.discount_amount, locale)}</td></tr>` : ''}
<tr class="total"><td>${t('total')}</td><td></td><td class="n">${kr(receipt.total, locale)}</td></tr></table>
<table><tr><th>${t('vat')}</th><th class="n">${t('basis')}</th><th class="n">${t('vat')}</th></tr>${vat}</table>
<p>${t('paid_with')}: ${method}</p>
${receipt.copy ? `<p>${t('print_number')} ${receipt.print_number}</p>` : ''}
</main></body></html>`;
}
