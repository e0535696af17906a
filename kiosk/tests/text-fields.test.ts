import { TEXT_PATTERN } from '@club/shared/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestKiosk, type TestKiosk } from './harness.ts';

/**
 * The text rule, walked over the kiosk's own route table: every text field of every request
 * (JSON bodies, forms, queries and paths, however deeply nested) carries the shared rule
 * (`zString` in @club/shared/validation), so a new field built on a bare `z.string()` fails
 * here, and text that cannot be stored is refused with a catalogue key, never a 500.
 */
let k: TestKiosk;
let admin: string;

type Schema = {
  $ref?: string;
  type?: string | string[];
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Operation = {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type TextField = { method: string; path: string; where: 'body' | 'query' | 'path'; field: string[]; schema: Schema };

let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
let fields: TextField[] = [];

/** Strings with a format the schema checks itself (dates, addresses, files) are not free text. */
const FORMATS = new Set(['date', 'date-time', 'uri', 'email', 'binary']);
/** What the rule refuses: NUL, a lone surrogate, a control, each bidi override and isolate. */
const REFUSED = ['\u0000', 'a\ud800', '\udfff', '\u001b[2J', '\u007f', '\u202a', '\u202e', '\u2066', '\u2069'];

function textFields(schema: Schema | undefined, at: Omit<TextField, 'schema'>, seen: Set<Schema>): TextField[] {
  const s = schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop() ?? ''] : schema;
  if (!s || seen.has(s)) return [];
  const inner = new Set(seen).add(s);
  const found: TextField[] = [];
  if ([s.type ?? []].flat().includes('string') && s.enum === undefined && s.const === undefined)
    found.push({ ...at, schema: s });
  for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])])
    found.push(...textFields(alt, at, inner));
  if (s.items) found.push(...textFields(s.items, { ...at, field: [...at.field, '0'] }, inner));
  for (const [name, p] of Object.entries(s.properties ?? {}))
    found.push(...textFields(p, { ...at, field: [...at.field, name] }, inner));
  if (typeof s.additionalProperties === 'object')
    found.push(...textFields(s.additionalProperties, { ...at, field: [...at.field, 'key'] }, inner));
  return found;
}

beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
  doc = (await (await fetch(`${k.url}/v1/openapi.json`)).json()) as typeof doc;
  fields = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).flatMap(([method, op]) => [
      ...(op.parameters ?? []).flatMap((p) =>
        textFields(p.schema, { method, path, where: p.in as 'query' | 'path', field: [p.name] }, new Set()),
      ),
      ...Object.values(op.requestBody?.content ?? {}).flatMap((c) =>
        textFields(c.schema, { method, path, where: 'body', field: [] }, new Set()),
      ),
    ]),
  );
});
afterAll(() => k.close());

const named = (f: TextField) => `${f.method.toUpperCase()} ${f.path} ${f.where}:${f.field.join('.')}`;

/** `{ a: { b: [ { c: value } ] } }` from the path `a.b.0.c`. */
function nest(path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const inner = nest(rest, value);
  return head === '0' ? [inner] : { [head]: inner };
}

describe('the text rule on every route', () => {
  it('finds the request text fields', () => {
    expect(fields.length).toBeGreaterThan(60);
    expect(fields.map(named)).toEqual(
      expect.arrayContaining([
        'POST /v1/cash/deposit body:note',
        'POST /v1/cash/drawer-open body:note',
        'POST /v1/settings/club body:company_name',
        'POST /v1/settings/opening-hours body:exceptions.0.note',
        'GET /v1/order/all query:q',
      ]),
    );
  });

  it('gives every free-text field a pattern that refuses what cannot be stored or reads otherwise', () => {
    const loose = fields
      .filter((f) => !FORMATS.has(f.schema.format ?? ''))
      .filter((f) => {
        const pattern = f.schema.pattern ? new RegExp(f.schema.pattern, 'u') : undefined;
        return !pattern || REFUSED.some((text) => pattern.test(text));
      })
      .map(named);
    expect(loose).toEqual([]);
  });

  it('answers 422 naming the field (validation.text), on every JSON and query text field', async () => {
    const wrong: string[] = [];
    const bad = 'Kø \u202e21 kr';
    for (const f of fields.filter((x) => x.where !== 'path' && !FORMATS.has(x.schema.format ?? ''))) {
      if (f.where === 'body' && !doc.paths[f.path]?.[f.method]?.requestBody?.content['application/json']) continue;
      const concrete = f.path.replace(/\{[^}]+\}/g, '1');
      const answer =
        f.where === 'query'
          ? await k.call(f.method.toUpperCase(), `${concrete}?${f.field[0]}=${encodeURIComponent(bad)}`, {
              token: admin,
            })
          : await k.call(f.method.toUpperCase(), concrete, { token: admin, body: nest(f.field, bad) });
      const key = (answer.body.errors as Record<string, string> | undefined)?.[f.field.join('.')];
      // a field of a stricter shape of its own (a PIN, a clock time) names that rule instead
      const expected = f.schema.pattern === TEXT_PATTERN.source ? 'validation.text' : key?.startsWith('validation.');
      if (answer.status !== 422 || (expected === 'validation.text' ? key !== expected : !expected))
        wrong.push(`${named(f)} → ${answer.status} ${key}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('text that cannot be stored', () => {
  const club = {
    company_name: 'Kø & "Biljard" AS',
    organisation_number: '999999999',
    address: 'Storgata 1',
    vat_registered: true,
    table_time_vat_rate: 25,
  };

  it('is refused on the cash notes and the company name with a catalogue key, never 500', async () => {
    for (const text of ['kr 100 \ud800', 'kr 100 \udc00 x', 'kr \u202e001', '\u2066x\u2069', 'a\u001bb'] as const) {
      for (const [path, body, field] of [
        ['/v1/cash/deposit', { amount: 100, note: text }, 'note'],
        ['/v1/cash/drawer-open', { note: text }, 'note'],
        ['/v1/settings/club', { ...club, company_name: text }, 'company_name'],
      ] as const) {
        const answer = await k.post(path, body, admin);
        expect([answer.status, answer.body.message, answer.body.errors], `${path} ${JSON.stringify(text)}`).toEqual([
          422,
          'error.validation_failed',
          { [field]: 'validation.text' },
        ]);
      }
    }
    expect(TEXT_PATTERN.test('\ud83c\udfb1')).toBe(true);
  });

  it('keeps quotes, apostrophes, emoji and other scripts as typed, composed to one form', async () => {
    const note = 'Kari\u2019s "float" \u2013 \ud83c\udfb1 \u00e5 \u0645\u0631\u062d\u0628\u0627';
    const deposit = await k.post('/v1/cash/deposit', { amount: 100, note: ` ${note} ` }, admin);
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
    const opened = await k.post('/v1/cash/drawer-open', { note: 'O\'Brien\'s "till"' }, admin);
    expect(opened.status).toBe(200);
    // "å" typed as a + combining ring is stored as the one letter
    const saved = await k.post('/v1/settings/club', { ...club, company_name: 'Ka\u030afe "Kø" AS' }, admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await k.get('/v1/settings/club', admin)).body.settings).toMatchObject({
      company_name: 'K\u00e5fe "Kø" AS',
    });
  });
});
