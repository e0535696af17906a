/** Øre as SAF-T amounts (`Amount2decimals`): kroner with two decimals and a point, computed in whole numbers. */
export function kr(ore: number): string {
  const abs = Math.abs(ore);
  return `${ore < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A VAT rate in percent as `vatPerc` (Decimal8). */
export const percent = (rate: number) => rate.toFixed(2);

export interface StreetAddress {
  streetname?: string;
  additionalAddressDetails?: string;
  postalCode?: string;
  city?: string;
  country: 'NO';
}

/**
 * The club's address is one free text ("Storgata 1, 0155 Oslo"); SAF-T wants its parts. A
 * last part that starts with a four-digit postal code gives the code and the city; the
 * first part is the street, anything between is kept as additional details.
 */
export function addressParts(address: string): StreetAddress | null {
  const parts = address
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const postal = /^(\d{4})\s+(.+)$/.exec(parts.at(-1) ?? '');
  if (postal) parts.pop();
  const [street, ...rest] = parts;
  return {
    ...(street ? { streetname: street.slice(0, 100) } : {}),
    ...(rest.length ? { additionalAddressDetails: rest.join(', ').slice(0, 100) } : {}),
    ...(postal ? { postalCode: postal[1], city: postal[2]?.slice(0, 50) } : {}),
    country: 'NO',
  };
}
