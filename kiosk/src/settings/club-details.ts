import { DEFAULT_CLUB_DETAILS, type TClubDetails, ZClubDetails } from '@club/shared/cash';
import { clock } from '@club/shared/clock';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { cachedRead } from '../db/read-cache.ts';
import { settings } from '../db/schema.ts';

/** The business's name, organisation number, address and VAT registration, as saved. */
export async function readClubDetails(db: Executor): Promise<TClubDetails> {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'club')).limit(1);
  const parsed = ZClubDetails.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_CLUB_DETAILS;
}

// every game's order reads the VAT rate of table time: kept in memory, forgotten when saved
const clubDetails = cachedRead(readClubDetails);

/** The club's details as receipts print them and orders take their VAT rate from (kept in memory). */
export function getClubDetails(db: Executor): Promise<TClubDetails> {
  return clubDetails.get(db);
}

/** After a transaction that saved them committed: the next read sees the change. */
export function forgetClubDetails(db: Executor): void {
  clubDetails.forget(db);
}

export async function saveClubDetails(db: Executor, value: TClubDetails): Promise<TClubDetails> {
  await db
    .insert(settings)
    .values({ key: 'club', value, updatedAt: clock.now() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: clock.now() } });
  clubDetails.forget(db);
  return value;
}
