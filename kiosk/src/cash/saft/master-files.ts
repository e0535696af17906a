import { VAT_RATES } from '@club/shared/vat';
import { and, asc, eq, gte, inArray, isNotNull, lt, min, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cashJournal, products, subscriptionProducts, users } from '../../db/schema.ts';
import { localDateTime } from '../journal.ts';
import { basicsFor, STANDARD_VAT_CODE, vatCodeOf } from './codes.ts';
import type { SaftScope } from './scope.ts';
import type { SaftWriter } from './writer.ts';

/** What the transactions may name: the schema refuses an employee or article not declared here. */
export interface MasterData {
  employees: ReadonlySet<number>;
  articles: ReadonlySet<string>;
}

export const TABLE_TIME_ARTICLE = 'table-time';

/** An order line's article: its product or subscription, or the table time of a game. */
export function articleOf(item: { kind: string; productId: number | null; subscriptionId: number | null }) {
  if (item.kind === 'game') return TABLE_TIME_ARTICLE;
  if (item.productId !== null) return `product-${item.productId}`;
  if (item.subscriptionId !== null) return `subscription-${item.subscriptionId}`;
  return null;
}

/** The master files of `company`: VAT codes, employees, articles and the codes the file uses. */
export async function writeMasterFiles(w: SaftWriter, db: Executor, scope: SaftScope): Promise<MasterData> {
  const inUseSince = localDateTime(scope.registers[0]?.createdAt ?? scope.start).date;
  w.group('vatCodeDetails', () => {
    for (const rate of VAT_RATES)
      w.group('vatCodeDetail', () =>
        w.leaves({
          vatCode: vatCodeOf(rate),
          dateOfEntry: inUseSince,
          vatDesc: `MVA ${rate} %`,
          standardVatCode: STANDARD_VAT_CODE[rate],
        }),
      );
  });
  const employees = await writeEmployees(w, db, scope);
  const articles = await writeArticles(w, db, inUseSince);
  w.group('basics', () => {
    for (const basic of basicsFor(scope.eventCodes)) w.group('basic', () => w.leaves({ ...basic }));
  });
  return { employees, articles };
}

/** Who a deleted account leaves behind in the journal: its id, and no name to print. */
export const DELETED_EMPLOYEE_NAME = 'Slettet bruker';

/**
 * Everyone the period's journal names, whatever they are today, and today's admins: the
 * schema refuses an operator not declared here, so a sale by someone since demoted would
 * lose its operator. The journal keeps only the user's id: an account since deleted is
 * declared by that id, entered when the journal first named it.
 */
async function writeEmployees(w: SaftWriter, db: Executor, scope: SaftScope): Promise<Set<number>> {
  const named = await db
    .selectDistinct({ id: cashJournal.userId })
    .from(cashJournal)
    .where(and(isNotNull(cashJournal.userId), gte(cashJournal.at, scope.start), lt(cashJournal.at, scope.end)));
  const ids = named.map((n) => n.id).filter((id): id is number => id !== null);
  const people = await db
    .select()
    .from(users)
    .where(ids.length ? or(eq(users.isAdmin, true), inArray(users.id, ids)) : eq(users.isAdmin, true));
  const known = new Set(people.map((p) => p.id));
  const gone = ids.filter((id) => !known.has(id));
  const firstSeen = gone.length
    ? await db
        .select({ id: cashJournal.userId, at: min(cashJournal.at) })
        .from(cashJournal)
        .where(inArray(cashJournal.userId, gone))
        .groupBy(cashJournal.userId)
    : [];
  const staff = [
    ...people.map((p) => ({ id: p.id, since: p.createdAt, firstName: p.name, surName: p.surname, isAdmin: p.isAdmin })),
    ...firstSeen.map((g) => ({
      id: g.id as number,
      since: g.at ?? scope.start,
      firstName: undefined,
      surName: DELETED_EMPLOYEE_NAME,
      isAdmin: false,
    })),
  ].sort((a, b) => a.id - b.id);
  w.group('employees', () => {
    for (const person of staff) {
      const entry = localDateTime(person.since);
      w.group('employee', () => {
        w.leaves({
          empID: String(person.id),
          dateOfEntry: entry.date,
          timeOfEntry: entry.time,
          firstName: person.firstName?.slice(0, 50),
          surName: person.surName.slice(0, 100),
        });
        // only today's role is known: the rest are declared without one rather than with a guess
        if (person.isAdmin)
          w.group('employeeRole', () =>
            w.leaves({ roleType: 'Administrator', roleTypeDesc: 'Administrator i klubben' }),
          );
      });
    }
  });
  return new Set(staff.map((s) => s.id));
}

async function writeArticles(w: SaftWriter, db: Executor, inUseSince: string): Promise<Set<string>> {
  const shelf = await db.select().from(products).orderBy(asc(products.id));
  const hours = await db.select().from(subscriptionProducts).orderBy(asc(subscriptionProducts.id));
  const all = [
    { artID: TABLE_TIME_ARTICLE, dateOfEntry: inUseSince, artGroupID: 'game', artDesc: 'Bordleie' },
    ...shelf.map((p) => ({
      artID: `product-${p.id}`,
      dateOfEntry: localDateTime(p.createdAt).date,
      artGroupID: 'product',
      artDesc: p.name,
    })),
    ...hours.map((s) => ({
      artID: `subscription-${s.id}`,
      dateOfEntry: localDateTime(s.createdAt).date,
      artGroupID: 'subscription',
      artDesc: s.name,
    })),
  ];
  w.group('articles', () => {
    for (const article of all) w.group('article', () => w.leaves(article));
  });
  return new Set(all.map((a) => a.artID));
}
