import kiosk from '../../../package.json' with { type: 'json' };
import { localDateTime } from '../journal.ts';
import { addressParts } from './format.ts';
import type { SaftScope } from './scope.ts';
import type { SaftWriter } from './writer.ts';

export const SOFTWARE = { desc: 'Club app kassasystem', company: 'Club app', version: kiosk.version };

/** `header`: the period, when the file was made, by which software and which user. */
export function writeHeader(w: SaftWriter, scope: SaftScope): void {
  const created = localDateTime(scope.createdAt);
  const [fromYear, toYear] = [scope.from.slice(0, 4), scope.to.slice(0, 4)];
  w.group('header', () =>
    w.leaves({
      fiscalYear: fromYear === toYear ? fromYear : `${fromYear}-${toYear}`,
      startDate: scope.from,
      endDate: scope.to,
      curCode: 'NOK',
      dateCreated: created.date,
      timeCreated: created.time,
      softwareDesc: SOFTWARE.desc,
      softwareVersion: SOFTWARE.version,
      softwareCompanyName: SOFTWARE.company,
      auditfileVersion: '1.0',
      headerComment: `Elektronisk journal ${scope.from}–${scope.to}, alle kassapunkter`,
      userID: String(scope.exportedBy),
    }),
  );
}

/** The start of `company`: who the business is, its VAT registration and address. */
export function writeCompanyIdentity(w: SaftWriter, scope: SaftScope): void {
  const { club } = scope;
  w.leaves({
    companyIdent: club.organisation_number,
    companyName: club.company_name.slice(0, 100),
    taxRegistrationCountry: 'NO',
    taxRegIdent: club.vat_registered ? `${club.organisation_number}MVA` : undefined,
  });
  const address = addressParts(club.address);
  if (!address) return;
  // the schema's order: street, details, city, postal code, country
  w.group('streetAddress', () =>
    w.leaves({
      streetname: address.streetname,
      additionalAddressDetails: address.additionalAddressDetails,
      city: address.city,
      postalCode: address.postalCode,
      country: address.country,
    }),
  );
}
