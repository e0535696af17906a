import { JOURNAL_EVENTS } from '@club/shared/cash';
import { type JournalRow, localDateTime } from '../journal.ts';
import { writeZReport } from './event-report.ts';
import { kr } from './format.ts';
import { journalPages, type RegisterPart } from './journal-pages.ts';

type Detail = Record<string, unknown>;
const price = (value: unknown) => (typeof value === 'number' ? `${kr(value)} kr` : '–');

/** What an event was about, in words an examiner reads; the entry's own detail when there is no better. */
export function eventText(row: JournalRow): string | undefined {
  const d = row.detail as Detail;
  switch (row.eventCode) {
    case JOURNAL_EVENTS.zReport:
      return `Z-rapport ${d.number} (journal nr ${d.from_nr}–${d.to_nr})`;
    case JOURNAL_EVENTS.xReport:
      return `X-rapport (journal nr ${d.from_nr}–${d.to_nr})`;
    case JOURNAL_EVENTS.copyReceipt:
      return `Kopi nr ${Number(d.print_number) - 1} av kvittering ${d.receipt_number}`;
    case JOURNAL_EVENTS.salesReceipt:
      return `Salgskvittering, ordre ${row.orderId}`;
    case JOURNAL_EVENTS.returnReceipt:
      return `Returkvittering, ordre ${row.orderId}${d.reason ? `: ${d.reason}` : ''}`;
    case JOURNAL_EVENTS.operatorLogIn:
      return 'Pålogget kassapunktet';
    case JOURNAL_EVENTS.operatorLogOut:
      return `Avlogget kassapunktet${d.reason ? ` (${d.reason})` : ''}`;
    case JOURNAL_EVENTS.priceChange: {
      const before = (d.before ?? {}) as Detail;
      const after = (d.after ?? {}) as Detail;
      const what = `${d.item}${d.id === null || d.id === undefined ? '' : ` ${d.id}`}`;
      return `${what}: pris ${price(before.price)} → ${price(after.price)}, MVA ${before.vat_rate ?? '–'} → ${after.vat_rate ?? '–'} %`;
    }
    default:
      return drawerText(d) ?? staffText(d) ?? (Object.keys(d).length ? JSON.stringify(d).slice(0, 9999) : undefined);
  }
}

/** The cash drawer's registrations: float, withdrawals, deposits, openings without a sale and counts. */
function drawerText(d: Detail): string | undefined {
  const note = d.note ? ` (${d.note})` : '';
  switch (d.kind) {
    case 'float':
      return `Vekselbeholdning ${price(d.amount)}`;
    case 'withdrawal':
      return `Uttak av kontanter ${price(d.amount)}${note}`;
    case 'deposit':
      return `Innskudd av kontanter ${price(d.amount)}${note}`;
    case 'drawer_open':
      return `Kasseskuff åpnet uten salg${note}`;
    case 'cash_count':
      return `Opptelling: talt ${price(d.counted)}, forventet ${price(d.expected)}, differanse ${price(d.difference)}`;
    default:
      return undefined;
  }
}

/** Who set whose counter PIN: with it one signs in, and registers, in that person's name. */
function staffText(d: Detail): string | undefined {
  return d.kind === 'pin_set' ? `PIN-kode satt for bruker ${d.user_id} av bruker ${d.by_user_id}` : undefined;
}

/** The receipt an event is about: a sale or return is its own; a copy names the original's number. */
function transIdOf(row: JournalRow): string | undefined {
  if (row.eventCode === JOURNAL_EVENTS.salesReceipt || row.eventCode === JOURNAL_EVENTS.returnReceipt)
    return String(row.nr);
  const receipt = (row.detail as Detail).receipt_number;
  return row.eventCode === JOURNAL_EVENTS.copyReceipt && receipt !== undefined ? String(receipt) : undefined;
}

/** Every journal entry of the period as an `event`, in number order; a Z report carries its contents. */
export async function* writeEvents({ w, db, register, scope, master }: RegisterPart): AsyncGenerator<string> {
  for await (const page of journalPages(db, register, scope)) {
    for (const row of page) {
      const at = localDateTime(row.at);
      w.open('event').leaves({
        eventID: String(row.nr),
        eventType: row.eventCode,
        transID: transIdOf(row),
        empID: row.userId !== null && master.employees.has(row.userId) ? String(row.userId) : undefined,
        eventDate: at.date,
        eventTime: at.time,
        eventText: eventText(row),
      });
      if (row.eventCode === JOURNAL_EVENTS.zReport) await writeZReport(w, db, register, scope, row);
      w.close();
    }
    yield w.take();
  }
}
