import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newPlayer, startTestKiosk, type TestKiosk } from './harness.ts';

/**
 * Fuzzing every route of the kiosk's own route table (its OpenAPI document) with random
 * and malformed bodies, ids, queries and headers, and oversized payloads, as nobody, a
 * player and an admin: nothing answers 5xx, every refusal carries an error key, and a
 * refused request changes nothing stored.
 */
let k: TestKiosk;
let tokens: (string | undefined)[];
type Operation = { method: string; path: string };
let operations: Operation[] = [];

// the machine-written state a refused request must not touch
const FINGERPRINT = sql`select
  (select count(*) from users) + (select count(*) from pool_tables) + (select count(*) from games) +
  (select count(*) from players) + (select count(*) from orders) + (select count(*) from products) +
  (select count(*) from cart_items) + (select count(*) from user_subscriptions) + (select count(*) from roles) +
  (select count(*) from notifications) + (select count(*) from discounts) + (select count(*) from role_pricing) as rows,
  (select coalesce(max(id), 0) from outbox) as outbox`;

beforeAll(async () => {
  k = await startTestKiosk();
  const admin = await k.login(ADMIN.email, ADMIN.password);
  tokens = [undefined, (await newPlayer(k)).token, admin];
  const doc = (await (await fetch(`${k.url}/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })))
    // the test clock is a test tool: moving it is its purpose
    .filter((op) => op.path !== '/v1/test/clock');
});
afterAll(() => k.close());

/** Header values fetch can send at all (visible ASCII and spaces). */
const printable = (value: string) => [...value].every((ch) => ch >= ' ' && ch <= '~');

/**
 * A POST that reads the answer even when the server answers (413) before the body is all
 * sent and then stops reading: fetch reports that as a failure, a browser shows the answer.
 */
function postEarlyAnswer(url: string, body: string, token: string): Promise<{ status: number; message: unknown }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, connection: 'close' },
      },
      (res) => {
        answered = true;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, message: (JSON.parse(text) as { message?: unknown }).message });
          } catch {
            resolve({ status: res.statusCode ?? 0, message: `non-JSON: ${text.slice(0, 80)}` });
          }
        });
      },
    );
    req.on('error', (error) => {
      // a reset after the answer arrived is the server's right; before it, a failure
      if (!answered) reject(error);
    });
    req.end(body);
  });
}

const fingerprint = async () => JSON.stringify(await k.kiosk.database.db.execute(FINGERPRINT));

const idLike = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1',
    '999999999999',
    'abc',
    '1.5',
    '%00',
    '..%2F..',
    'null',
    '1e3',
    ' 1',
    encodeURIComponent('<script>'),
  ),
  fc.integer({ min: -5, max: 5 }).map(String),
);
const body = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'id',
      'name',
      'email',
      'phone',
      'password',
      'table_id',
      'game_id',
      'order_id',
      'user_id',
      'method',
      'count',
      'price',
      'role',
      'url',
      'from',
      'to',
      'token',
      'value',
    ),
    fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 3 }),
    ),
  ),
);
const query = fc.dictionary(
  fc.constantFrom('page', 'user', 'q', 'status', 'from', 'to', 'format', 'all', 'section'),
  fc.string({ maxLength: 20 }),
);

describe('fuzzing the kiosk API', () => {
  it('answers every malformed request with a 4xx and an error key, and refused requests change nothing', async () => {
    const problems: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1_000_000 }),
        idLike,
        body,
        query,
        fc.integer({ min: 0, max: 2 }),
        fc.boolean(),
        async (pick, id, payload, params, who, raw) => {
          const op = operations[pick % operations.length]!;
          const path = op.path.replace(/\{[^}]+\}/g, id);
          const search = new URLSearchParams(params).toString();
          const before = await fingerprint();
          const answer = await k
            .call(op.method, `${path}${search ? `?${search}` : ''}`, {
              token: tokens[who],
              ...(op.method === 'POST'
                ? raw
                  ? {
                      raw: (JSON.stringify(payload) ?? '{}').slice(0, -1),
                      headers: { 'content-type': 'application/json' },
                    }
                  : { body: payload ?? {} }
                : {}),
            })
            .catch((error: unknown) => ({ status: 599, body: { success: false, message: String(error) } }));
          const label = `${op.method} ${path}`;
          if (answer.status >= 500) problems.push(`${label} → ${answer.status} ${answer.body.message}`);
          if (answer.status >= 400) {
            if (!/^error\.[a-z_]+$/.test(String(answer.body.message)))
              problems.push(`${label} → ${answer.status} without a key`);
            if ((await fingerprint()) !== before)
              problems.push(`${label} → refused (${answer.body.message}) but changed state`);
          }
        },
      ),
      { numRuns: 400, seed: 20261121 },
    );
    expect(problems).toEqual([]);
  });

  it('survives malformed headers: odd bearer tokens, content types, encodings and languages', async () => {
    const problems: string[] = [];
    const authorization = fc.oneof(
      fc.constantFrom(
        '',
        'Bearer',
        'Bearer ',
        'Basic Zm9vOmJhcg==',
        'bearer x',
        `Bearer ${'a'.repeat(8000)}`,
        'Bearer \u0000',
      ),
      fc.string({ maxLength: 60 }).map((t) => `Bearer ${t}`),
      fc.string({ maxLength: 40 }),
    );
    const contentType = fc.constantFrom(
      'application/json',
      'application/json; charset=utf-16',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'multipart/form-data',
      'application/xml',
      'garbage/;;;',
      '',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1_000_000 }),
        authorization,
        contentType,
        fc.constantFrom('gzip', 'br', 'identity', 'x-unknown', ''),
        fc.constantFrom('nb', 'en', 'zz', '*;q=abc', ''),
        fc.string({ maxLength: 40 }),
        async (pick, auth, type, encoding, language, text) => {
          const op = operations[pick % operations.length]!;
          const path = op.path.replace(/\{[^}]+\}/g, '1');
          const before = await fingerprint();
          const headers: Record<string, string> = {};
          // fetch refuses some header values outright; those never reach a server anyway
          for (const [name, value] of [
            ['authorization', auth],
            ['content-type', type],
            ['content-encoding', encoding],
            ['accept-language', language],
            ['x-forwarded-for', text],
          ] as const) {
            if (value && printable(value)) headers[name] = value;
          }
          const answer = await k
            .call(op.method, path, { headers, ...(op.method === 'POST' ? { raw: text } : {}) })
            .catch((error: unknown) => ({ status: 599, body: { success: false, message: String(error) } }));
          const label = `${op.method} ${path} ${JSON.stringify(headers).slice(0, 120)}`;
          if (answer.status >= 500) problems.push(`${label} → ${answer.status} ${answer.body.message}`);
          if (answer.status >= 400) {
            if (!/^error\.[a-z_]+$/.test(String(answer.body.message)))
              problems.push(`${label} → ${answer.status} without a key`);
            if ((await fingerprint()) !== before) problems.push(`${label} → refused but changed state`);
          }
        },
      ),
      { numRuns: 250, seed: 20261122 },
    );
    expect(problems).toEqual([]);
  });

  it('refuses an oversized body on every POST route with error.payload_too_large, and changes nothing', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(400_000), id: 1 });
    const problems: string[] = [];
    for (const op of operations.filter((o) => o.method === 'POST' && o.path !== '/v1/product/image')) {
      const path = op.path.replace(/\{[^}]+\}/g, '1');
      const before = await fingerprint();
      const answer = await postEarlyAnswer(`${k.url}${path}`, big, tokens[2]!).catch((error: unknown) => ({
        status: 599,
        message: String(error),
      }));
      if (answer.status !== 413 || answer.message !== 'error.payload_too_large')
        problems.push(`${path} → ${answer.status} ${String(answer.message)}`);
      if ((await fingerprint()) !== before) problems.push(`${path} → changed state`);
    }
    expect(problems).toEqual([]);
    expect((await k.get('/v1/health')).status).toBe(200);
  });
});

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  minLength?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  items?: Schema;
  default?: unknown;
};

/**
 * Hostile values in every field of every route, one field at a time, the others filled with
 * plausible values from the route's own schema so that the hostile one reaches the service
 * and the database: NUL bytes (PostgreSQL refuses them in text) and numbers beyond 32 bits.
 */
describe('hostile values in each field', { timeout: 180_000 }, () => {
  let doc: { paths: Record<string, Record<string, Operation & Record<string, unknown>>>; components?: unknown };
  const resolve = (s: Schema | undefined): Schema => {
    if (!s?.$ref) return s ?? {};
    const name = s.$ref.split('/').pop()!;
    return resolve((doc.components as { schemas: Record<string, Schema> }).schemas[name]);
  };
  const plausible = (raw: Schema | undefined, name: string): unknown => {
    const s = resolve(raw);
    if (s.default !== undefined) return s.default;
    if (s.const !== undefined) return s.const;
    if (s.enum?.length) return s.enum[0];
    const options = s.anyOf ?? s.oneOf ?? s.allOf;
    if (options?.length) return plausible(options.find((o) => resolve(o).type !== 'null') ?? options[0], name);
    const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
    if (type === 'integer' || type === 'number') return Math.max(1, s.minimum ?? 1);
    if (type === 'boolean') return false;
    if (type === 'array') return [];
    if (type === 'object')
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(v, k)]));
    if (s.format === 'email' || name.includes('email')) return 'someone@example.no';
    if (s.format === 'date-time' || /(^|_)(from|to|at)$/.test(name)) return new Date().toISOString();
    if (name.includes('phone')) return '91234567';
    if (name === 'url') return 'https://example.no';
    if (name.startsWith('time')) return '10:00';
    return 'Prøve';
  };

  // sessions of their own: the random walk above may have logged the shared ones out
  let admin: string;
  let player: string;
  beforeAll(async () => {
    doc = (await (await fetch(`${k.url}/v1/openapi.json`)).json()) as typeof doc;
    admin = await k.login(ADMIN.email, ADMIN.password);
    player = (await newPlayer(k)).token;
  });

  const hostile = ['a\u0000b', '\u0000', 2_147_483_648, 1e15, -2_147_483_649, Number.MAX_SAFE_INTEGER + 2];
  // calls that end the caller's own session or move the test clock are not for this walk
  const skip = new Set(['/v1/auth/logout', '/v1/test/clock', '/v1/product/image', '/v1/payment/vipps/webhook']);

  it('answers a NUL byte or a huge number in any field of any POST route with a 4xx and an error key', async () => {
    const problems: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      const op = ops.post as { requestBody?: { content?: Record<string, { schema?: Schema }> } } | undefined;
      if (!op || skip.has(path)) continue;
      const schema = resolve(op.requestBody?.content?.['application/json']?.schema);
      const base = (plausible(schema, '') ?? {}) as Record<string, unknown>;
      const fields = Object.keys(schema.properties ?? {});
      for (const field of fields.length ? fields : ['id']) {
        for (const value of hostile) {
          const answer = await k
            .call('POST', path.replace(/\{[^}]+\}/g, '1'), { token: admin, body: { ...base, [field]: value } })
            .catch((error: unknown) => ({ status: 599, body: { success: false, message: String(error) } }));
          const label = `POST ${path} ${field}=${JSON.stringify(value)}`;
          if (answer.status >= 500) problems.push(`${label} → ${answer.status} ${answer.body.message}`);
          else if (answer.status >= 400 && !/^error\.[a-z_]+$/.test(String(answer.body.message)))
            problems.push(`${label} → ${answer.status} without a key`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers a NUL byte in any query or search string with a 4xx', async () => {
    const problems: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      const op = ops.get as { parameters?: { in: string; name: string }[] } | undefined;
      if (!op) continue;
      const names = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      for (const name of names.length ? names : ['q']) {
        for (const token of [player, admin]) {
          const answer = await k.call('GET', `${path.replace(/\{[^}]+\}/g, '1')}?${name}=a%00b`, { token });
          if (answer.status >= 500) problems.push(`GET ${path}?${name} → ${answer.status} ${answer.body.message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers a role or person that does not exist with 404, in notifications and discounts', async () => {
    const missing = 2_000_000_000;
    const cases = [
      ['/v1/notification/create', { message: 'Hei', audience: 'role', role_id: missing }],
      ['/v1/notification/create', { message: 'Hei', audience: 'user', user_id: missing }],
      ['/v1/discount/create', { name: 'Rabatt', kind: 'percent', value: 10, applies_to: 'products', role_id: missing }],
    ] as const;
    for (const [path, body] of cases) {
      const before = await fingerprint();
      expect(await k.post(path, body, admin), path).toMatchObject({
        status: 404,
        body: { success: false, message: 'error.not_found' },
      });
      expect(await fingerprint()).toBe(before);
    }
  });

  it('sells up to the largest prices and counts the forms allow, to the øre, in 64-bit sums', async () => {
    const product = (await k.post('/v1/product/create', { name: 'Gullkø', price: 100_000_000, count: 99 }, admin)).body
      .product as { id: number };
    const hours = (
      await k.post('/v1/subscription/create', { name: 'Livstid', duration: 1000, price: 100_000_000 }, admin)
    ).body.subscription as { id: number };
    const buyer = await newPlayer(k);
    expect((await k.post('/v1/cart/add', { product_id: product.id, count: 99 }, buyer.token)).status).toBe(200);
    expect((await k.post('/v1/cart/add', { subscription_id: hours.id, count: 99 }, buyer.token)).status).toBe(200);
    const order = await k.post('/v1/order/init', {}, buyer.token);
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(order.body.order).toMatchObject({ total: 99 * 100_000_000 + 99 * 100_000_000 });
    const tooDear = await k.post('/v1/product/create', { name: 'For dyr', price: 100_000_001, count: 1 }, admin);
    expect(tooDear).toMatchObject({ status: 422, body: { errors: { price: 'validation.max' } } });
  });

  it('refuses a minimum charge beyond the limits, so leaving a table keeps working', async () => {
    const refused = await k.post(
      '/v1/settings/billing',
      { rounding_minutes: 1, minimum_charge: 2_147_483_648, grace_minutes: 0 },
      admin,
    );
    expect(refused).toMatchObject({ status: 422, body: { errors: { minimum_charge: 'validation.max' } } });
    expect(
      (await k.post('/v1/settings/billing', { rounding_minutes: 1, minimum_charge: 0, grace_minutes: 1e9 }, admin))
        .status,
    ).toBe(422);
    const table = (await k.post('/v1/table/create', { name: 'Grense', capacity: 2, price_per_minute: 100 }, admin)).body
      .table as { id: number };
    const player = await newPlayer(k);
    const game = (await k.post('/v1/game/join', { table_id: table.id }, player.token)).body.game as { id: number };
    expect((await k.post('/v1/game/leave', { game_id: game.id }, player.token)).status).toBe(200);
  });
});
