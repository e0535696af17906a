import { type SQL, sql } from 'drizzle-orm';
import { reservations, waitlistEntries } from '../db/schema.ts';

/** What the floor shows of a table besides its row and its game: its next booking, the waitlist's hold. */
export interface TableAround {
  reservedFrom?: Date | string | null;
  hold?: { entryId: number; partySize: number; until: Date } | null;
}

/** `[next booking's start, [hold's entry, party, until] | null]`, as `tableAround` reads it */
export type TableAroundJson = [string | null, [number, number, string] | null];

/**
 * The same two things the table list joins each table with (`listTables`), for the one table
 * whose id `tableId` gives, as one JSON value: a writer that read it under the table's lock
 * makes the table's view itself (`knownTable`), and nobody reads the table again for its event.
 */
export const tableAround = (tableId: SQL) =>
  sql<TableAroundJson>`json_build_array(
    (select min(${reservations.startsAt}) from ${reservations} where ${reservations.tableId} = ${tableId} and ${reservations.status} = 'booked'),
    (select json_build_array(${waitlistEntries.id}, ${waitlistEntries.partySize}, ${waitlistEntries.offerExpiresAt}) from ${waitlistEntries}
      where ${waitlistEntries.offeredTableId} = ${tableId} and ${waitlistEntries.status} = 'offered' limit 1))`;

export function parseAround([from, hold]: TableAroundJson): TableAround {
  return {
    reservedFrom: from,
    hold: hold && {
      entryId: hold[0],
      partySize: hold[1],
      until: waitlistEntries.offerExpiresAt.mapFromDriverValue(hold[2]) as Date,
    },
  };
}
