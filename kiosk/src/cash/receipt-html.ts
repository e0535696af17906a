import type { TReceipt } from '@club/shared/cash';
import { translate } from '@club/shared/i18n/resources';
import type { TLocale } from '@club/shared/users';
import { clubTimeZone } from '../discounts/club-time-zone.ts';
import { escapeHtml, kr, PRINT_STYLE, unitsOf } from './print-page.ts';
import { receiptHeader } from './receipt-header.ts';

/** The receipt as a page to print: 80 mm thermal width, or A4. */
export function receiptHtml(receipt: TReceipt, locale: TLocale): string {
  const t = (key: string) => escapeHtml(translate(locale, `cash.${key}`));
  const date = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'nb-NO', {
    timeZone: clubTimeZone(),
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(new Date(receipt.date));
  const header = receiptHeader(receipt, locale)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
  const lines = receipt.lines
    .map(
      (l) =>
        `<tr><td>${l.reduction ? `${t('price_reduction')} ${l.vat_rate} % ${t('vat_suffix')}` : `${escapeHtml(l.description)}<br>${unitsOf(l, (ore) => kr(ore, locale), t('pieces'))}`}</td><td class="n">${l.vat_rate} %</td><td class="n">${kr(l.total, locale)}</td></tr>`,
    )
    .join('');
  const vat = receipt.vat_per_rate
    .map(
      (v) =>
        `<tr><td>${t('vat')} ${v.vat_rate} %</td><td class="n">${kr(v.net, locale)}</td><td class="n">${kr(v.vat, locale)}</td></tr>`,
    )
    .join('');
  const method = receipt.method ? t(`method.${receipt.method}`) : '';
  // cash changes hands in whole kroner: the rounding and what was paid or given back
  const cash = receipt.cash_rounding
    ? `<tr><td>${t('rounding')}</td><td></td><td class="n">${kr(receipt.cash_rounding, locale)}</td></tr><tr><td>${receipt.kind === 'return' ? t('returned_in_cash') : t('paid_in_cash')}</td><td></td><td class="n">${kr(receipt.total + receipt.cash_rounding, locale)}</td></tr>`
    : '';
  const title = receipt.kind === 'return' ? t('return_receipt') : t('sales_receipt');
  const returnOf = [
    receipt.sale_receipt_number === null ? '' : `<p>${t('sale_receipt_ref')}: ${receipt.sale_receipt_number}</p>`,
    receipt.reason === null ? '' : `<p>${t('reason')}: ${escapeHtml(receipt.reason)}</p>`,
  ].join('');
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${title} ${receipt.receipt_number}</title><style>${PRINT_STYLE}</style></head><body><main>
${receipt.copy ? `<p class="copy">${t('copy')}</p>` : ''}<h1>${title}</h1>
${header}
<p>${t('date')}: ${escapeHtml(date)}</p><p>${t('receipt_number')}: ${receipt.receipt_number}</p>
<p>${t('cash_point')}: ${escapeHtml(receipt.cash_point.name)} (${receipt.cash_point.id})</p>${returnOf}
${receipt.operator ? `<p>${t('operator')}: ${escapeHtml(receipt.operator)}</p>` : ''}
<table><tr><th>${t('item')}</th><th class="n">${t('vat_rate')}</th><th class="n">${t('amount')}</th></tr>${lines}
${receipt.discount_amount ? `<tr><td>${t('discount')}</td><td></td><td class="n">${kr(-receipt.discount_amount, locale)}</td></tr>` : ''}
<tr class="total"><td>${t('total')}</td><td></td><td class="n">${kr(receipt.total, locale)}</td></tr>${cash}</table>
<table><tr><th>${t('vat')}</th><th class="n">${t('basis')}</th><th class="n">${t('vat')}</th></tr>${vat}</table>
<p>${receipt.kind === 'return' ? t('returned_with') : t('paid_with')}: ${method}</p>
${receipt.copy && receipt.print_number > 1 ? `<p>${t('print_number')} ${receipt.print_number}</p>` : ''}
</main></body></html>`;
}
