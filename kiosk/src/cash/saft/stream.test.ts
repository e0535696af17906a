import { JOURNAL_EVENTS } from '@club/shared/cash';
import { clock } from '@club/shared/clock';
import { max } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, startTestKiosk, type TestKiosk } from '../../../tests/harness.ts';
import { parseSaft, registersOf, schemaErrors } from '../../../tests/saft-file.ts';
import { cashJournal } from '../../db/schema.ts';
import { localDateTime } from '../journal.ts';
import { PAGE_SIZE } from './journal-pages.ts';

const ENTRIES = 6_000;
let k: TestKiosk;
let admin: string;
let day: string;
/** the journal pages the exporter has read so far (the SQL it sends, seen by the query logger) */
let pagesRead = 0;

beforeAll(async () => {
  k = await startTestKiosk({
    queryLogger: {
      logQuery: (sql) => {
        if (/from "cash_journal" where .* order by "cash_journal"\."nr" asc limit/.test(sql)) pagesRead++;
      },
    },
  });
  admin = await k.login(ADMIN.email, ADMIN.password);
  const db = k.kiosk.database.db;
  const [last] = await db.select({ nr: max(cashJournal.nr) }).from(cashJournal);
  const at = clock.now();
  day = localDateTime(at).date;
  // a busy stretch of journal, written straight to the table: price changes need no signature
  for (let from = 0; from < ENTRIES; from += 1_000) {
    const rows = Array.from({ length: 1_000 }, (_, i) => ({
      cashPointId: 1,
      nr: (last?.nr ?? 0) + from + i + 1,
      eventCode: JOURNAL_EVENTS.priceChange,
      at,
      detail: { item: 'product', id: 1, before: { price: 1_000 + i }, after: { price: 1_001 + i } },
    }));
    await db.insert(cashJournal).values(rows);
  }
}, 120_000);
afterAll(() => k.close());

it('streams a large journal: the file starts before the journal is read, a page at a time', async () => {
  pagesRead = 0;
  const res = await k.kiosk.app.request(`/v1/cash/saft?from=${day}&to=${day}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const first = await reader.read();
  // the head and master files are out while at most the first pages have been read
  expect(first.value?.byteLength).toBeGreaterThan(0);
  expect(pagesRead).toBeLessThanOrEqual(2);
  const chunks: Uint8Array[] = first.value ? [first.value] : [];
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  const sizes = chunks.map((c) => c.byteLength);
  const total = sizes.reduce((s, n) => s + n, 0);
  // every page of the journal was read, and no piece handed on was more than about a page
  expect(pagesRead).toBeGreaterThanOrEqual(ENTRIES / PAGE_SIZE);
  expect(Math.max(...sizes)).toBeLessThan(total / 6);
  const xml = Buffer.concat(chunks).toString('utf8');
  expect(await schemaErrors(xml)).toEqual([]);
  expect(registersOf(parseSaft(xml))[0]?.event.length).toBeGreaterThan(ENTRIES);
}, 60_000);

it('goes out over HTTP in chunks, its length unknown when it starts', async () => {
  const res = await fetch(`${k.url}/v1/cash/saft?from=${day}&to=${day}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(res.headers.get('transfer-encoding')).toBe('chunked');
  expect(res.headers.get('content-length')).toBeNull();
  const xml = await res.text();
  expect(xml.endsWith('</auditfile>')).toBe(true);
  expect(xml.length).toBeGreaterThan(ENTRIES * 100);
}, 60_000);
