import { clock } from '@club/shared/clock';
import { translate } from '@club/shared/i18n/resources';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { waitlistEntries } from '../db/schema.ts';
import { joinGuest } from '../games/join-guest.ts';
import { userLocale } from '../users/user-locale.ts';

/** The size of the party whose held table the caller is about to take (1 when it is no claim). */
export async function claimingParty(db: Db, userId: number, tableId: number): Promise<number> {
  const [entry] = await db
    .select({ partySize: waitlistEntries.partySize })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.userId, userId),
        eq(waitlistEntries.offeredTableId, tableId),
        eq(waitlistEntries.status, 'offered'),
        gt(waitlistEntries.offerExpiresAt, clock.now()),
      ),
    )
    .limit(1);
  return entry?.partySize ?? 1;
}

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
