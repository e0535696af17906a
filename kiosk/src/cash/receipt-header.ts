import type { TClubDetails } from '@club/shared/cash';
import { translate } from '@club/shared/i18n/resources';
import type { TLocale } from '@club/shared/users';

type Business = Pick<TClubDetails, 'company_name' | 'organisation_number' | 'address' | 'vat_registered'>;

/**
 * The business's lines at the top of every receipt, printed or e-mailed, and of the preview
 * the club details screen shows while they are typed: one function, so the preview is the
 * receipt. `Org.nr 999999999 MVA` names the VAT registration (bokføringsforskriften § 5-1-1).
 */
export function receiptHeader(club: Business, locale: TLocale): string[] {
  const t = (key: string) => translate(locale, `cash.${key}`);
  return [
    club.company_name,
    `${t('org_nr')} ${club.organisation_number}${club.vat_registered ? ` ${t('vat_suffix')}` : ''}`,
    club.address,
  ].filter((line) => line.trim() !== '');
}

/** The business's lines at the top of the X and Z reports (report-html.ts prints the same two). */
export function reportHeader(club: Pick<TClubDetails, 'company_name' | 'organisation_number'>, locale: TLocale) {
  return [club.company_name, `${translate(locale, 'cash.org_nr')} ${club.organisation_number}`];
}
