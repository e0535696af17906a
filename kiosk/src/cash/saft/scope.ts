import type { TClubDetails } from '@club/shared/cash';
import { clock } from '@club/shared/clock';
import type { TSaftQuery } from '@club/shared/saft';
import { nextDay, startOfDay } from '@club/shared/time-zone';
import { and, asc, eq, gte, lt, max } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cashJournal, cashPoints } from '../../db/schema.ts';
import { clubTimeZone } from '../../discounts/club-time-zone.ts';
import { clubDetails } from '../../settings/club-settings.ts';

export interface SaftRegister {
  id: number;
  name: string;
  createdAt: Date;
  /** the journal's last number when the export began: what is appended meanwhile is left out */
  lastNr: number;
}

/** What one export covers, fixed when it begins so that its parts agree with each other. */
export interface SaftScope {
  from: string;
  to: string;
  /** the period's instants: from the start of `from` to the start of the day after `to`, club time */
  start: Date;
  end: Date;
  createdAt: Date;
  exportedBy: number;
  club: TClubDetails;
  registers: SaftRegister[];
  /** the event codes the period's journal holds, each declared in `basics` */
  eventCodes: string[];
}

export async function saftScope(db: Executor, query: TSaftQuery, exportedBy: number): Promise<SaftScope> {
  const zone = clubTimeZone();
  const start = new Date(startOfDay(query.from, zone));
  const end = new Date(startOfDay(nextDay(query.to), zone));
  const points = await db.select().from(cashPoints).orderBy(asc(cashPoints.id));
  const registers: SaftRegister[] = [];
  for (const point of points) {
    const [last] = await db
      .select({ nr: max(cashJournal.nr) })
      .from(cashJournal)
      .where(eq(cashJournal.cashPointId, point.id));
    registers.push({ id: point.id, name: point.name, createdAt: point.createdAt, lastNr: last?.nr ?? 0 });
  }
  const codes = await db
    .selectDistinct({ code: cashJournal.eventCode })
    .from(cashJournal)
    .where(and(gte(cashJournal.at, start), lt(cashJournal.at, end)));
  return {
    from: query.from,
    to: query.to,
    start,
    end,
    createdAt: clock.now(),
    exportedBy,
    club: await clubDetails.get(db),
    registers,
    eventCodes: codes.map((c) => c.code),
  };
}
