import { clubTimeZone } from '../discounts/club-time-zone.ts';

/** A time of day as the club's clock shows it (`19:40`), for messages to players. */
export function clubTimeOfDay(at: Date | string): string {
  return new Intl.DateTimeFormat('nb-NO', {
    timeZone: clubTimeZone(),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(at));
}
