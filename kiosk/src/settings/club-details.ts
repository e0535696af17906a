import { DEFAULT_CLUB_DETAILS, type TClubDetails, ZClubDetails } from '@club/shared/cash';
import { clock } from '@club/shared/clock';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { settings } from '../db/schema.ts';

/** The business's name, organisation number, address and VAT registration, as receipts print them. */
export async function getClubDetails(db: Executor): Promise<TClubDetails> {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'club')).limit(1);
  const parsed = ZClubDetails.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_CLUB_DETAILS;
}

export async function saveClubDetails(db: Executor, value: TClubDetails): Promise<TClubDetails> {
  await db
    .insert(settings)
    .values({ key: 'club', value, updatedAt: clock.now() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: clock.now() } });
  return value;
}
