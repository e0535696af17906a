import { translate } from '@club/shared/i18n/resources';
import type { Db } from '../db/client.ts';
import { joinGuest } from '../games/join-guest.ts';
import { userLocale } from '../users/user-locale.ts';

/**
 * A party that claimed its table sits down together: the one who claimed it, and the rest as
 * their guests (`Gjest 2`, … in their language), whose time goes on their bill as any guest's.
 * The table was held for a party of this size, so the seats are there.
 */
export async function seatCompanions(db: Db, userId: number, gameId: number, partySize: number): Promise<void> {
  const locale = await userLocale(db, userId);
  for (let number = 2; number <= partySize; number++) {
    await joinGuest(db, userId, { gameId, name: translate(locale, 'waitlist.companion', { number }) });
  }
}
