/** The club's time zone, set once at start from CLUB_TIMEZONE; happy hours are in local time. */
let zone = 'Europe/Oslo';

export function setClubTimeZone(timeZone: string): void {
  zone = timeZone;
}

export function clubTimeZone(): string {
  return zone;
}
