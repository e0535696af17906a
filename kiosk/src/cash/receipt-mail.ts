import type { TReceipt } from '@club/shared/cash';
import { AppError } from '@club/shared/errors';
import { translate } from '@club/shared/i18n/resources';
import { orderReference } from '@club/shared/orders';
import type { TLocale } from '@club/shared/users';
import { eq } from 'drizzle-orm';
import { orders, users } from '../db/schema.ts';
import { clubTimeZone } from '../discounts/club-time-zone.ts';
import type { AuthInfo, Deps } from '../http/context.ts';
import type { Mail } from '../mail/mailer.ts';
import { kr, unitsOf } from './print-page.ts';
import { receiptHeader } from './receipt-header.ts';
import { receiptIn } from './receipts.ts';

/** The receipt as plain text, for e-mail: the same parts as the printed page. */
export function receiptText(receipt: TReceipt, locale: TLocale): string {
  const t = (key: string) => translate(locale, `cash.${key}`);
  const money = (ore: number) => kr(ore, locale);
  const date = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'nb-NO', {
    timeZone: clubTimeZone(),
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(new Date(receipt.date));
  return [
    receipt.copy ? t('copy') : '',
    receipt.kind === 'return' ? t('return_receipt') : t('sales_receipt'),
    ...receiptHeader(receipt, locale),
    `${t('date')}: ${date}`,
    `${t('receipt_number')}: ${receipt.receipt_number}`,
    `${t('cash_point')}: ${receipt.cash_point.name} (${receipt.cash_point.id})`,
    '',
    ...receipt.lines.map((l) =>
      l.reduction
        ? `${t('price_reduction')} ${l.vat_rate} % ${t('vat_suffix')}  ${money(l.total)}`
        : `${l.description}  ${unitsOf(l, money, t('pieces'))}  ${l.vat_rate} %  ${money(l.total)}`,
    ),
    receipt.discount_amount ? `${t('discount')}  -${money(receipt.discount_amount)}` : '',
    `${t('total')}  ${money(receipt.total)}`,
    ...receipt.vat_per_rate.map(
      (v) => `${t('vat')} ${v.vat_rate} %: ${t('basis')} ${money(v.net)}, ${t('vat')} ${money(v.vat)}`,
    ),
    receipt.method
      ? `${receipt.kind === 'return' ? t('returned_with') : t('paid_with')}: ${t(`method.${receipt.method}`)}`
      : '',
  ]
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n');
}

/**
 * Sends an order's receipt to the e-mail address of the order's owner (asked by the owner
 * or an admin): a copy made on purpose, counted and journaled once per sending (the original,
 * if nobody had looked at the receipt yet).
 */
export async function emailReceipt(deps: Deps, by: AuthInfo, orderId: number): Promise<{ email: string }> {
  const { db, mailer, config } = deps;
  const [owner] = await db
    .select({ email: users.email, locale: users.locale })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!owner) throw new AppError('error.order_not_found');
  const locale: TLocale = owner.locale === 'en' ? 'en' : 'nb';
  await db.transaction(async (tx) => {
    const receipt = await receiptIn(tx, by, orderId, 'copy');
    const mail: Mail = {
      to: owner.email,
      subject: translate(locale, 'cash.mail.subject', { reference: orderReference(orderId), club: config.CLUB_NAME }),
      text: `${translate(locale, 'cash.mail.intro')}\n\n${receiptText(receipt, locale)}\n`,
    };
    await mailer.enqueue(tx, mail);
  });
  mailer.kick();
  return { email: owner.email };
}
