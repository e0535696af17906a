/**
 * Web Push cannot aim the server at other hosts: endpoints are https on a known push service,
 * never an address, and a message goes only to a public address; a person keeps a few devices,
 * subscribes a few times an hour, and their devices stop getting messages when the login that
 * subscribed them ends. Sending is bounded in time and in how many go at once.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { mailOutbox, pushSubscriptions } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import { isPublicAddress } from './push-endpoints.ts';
import { createPushService } from './push-service.ts';

/** A local push service: answers 201 at once, or holds every request until released. */
async function pushService() {
  const paths: string[] = [];
  const held: ServerResponse[] = [];
  let hold = false;
  let open = 0;
  let mostOpen = 0;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      paths.push(req.url ?? '');
      open++;
      mostOpen = Math.max(mostOpen, open);
      res.on('close', () => open--);
      if (hold) held.push(res);
      else res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    paths,
    held,
    mostOpen: () => mostOpen,
    setHold(value: boolean) {
      hold = value;
      mostOpen = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function device(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

const message = { title: 't', body: 'b', url: '/', tag: 'x' };

let local: Awaited<ReturnType<typeof pushService>>;
/** a kiosk as in production: only https on the known services (and `localhost`, `invalid` named by the club) */
let strict: TestKiosk;
/** a kiosk that may send to a push service on this machine, as the other tests need */
let relaxed: TestKiosk;

beforeAll(async () => {
  local = await pushService();
  strict = await startTestKiosk({ env: { PUSH_SERVICE_HOSTS: 'localhost, push.example.org, invalid' } });
  relaxed = await startTestKiosk({ env: { PUSH_ALLOW_LOCAL: '1', PUSH_SERVICE_HOSTS: 'localhost' } });
});
afterAll(async () => {
  await local.close();
  await strict.close();
  await relaxed.close();
});

const subscribe = (k: TestKiosk, token: string, endpoint: string) =>
  k.post('/v1/push/subscribe', device(endpoint), token);

describe('where a push may go', () => {
  it('takes https endpoints on the known push services and those the club names, and nothing else', async () => {
    const p = await newPlayer(strict);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc123',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QH4dRw',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://push.example.org/device/1',
    ])
      expect((await subscribe(strict, p.token, endpoint)).status, endpoint).toBe(200);

    // another person: ten tries an hour each
    const q = await newPlayer(strict);
    const refused = async (endpoint: string, rule: string) => {
      const answer = await subscribe(strict, q.token, endpoint);
      expect(answer, endpoint).toMatchObject({ status: 422, body: { errors: { endpoint: rule } } });
    };
    await refused('https://attacker.example.com/push', 'validation.push_service');
    await refused('https://fcm.googleapis.com.attacker.example.com/push', 'validation.push_service');
    await refused('https://127.0.0.1/push', 'validation.push_service');
    await refused('https://169.254.169.254/latest/meta-data', 'validation.push_service');
    await refused('https://[::1]/push', 'validation.push_service');
    await refused('https://2130706433/push', 'validation.push_service');
    await refused('http://fcm.googleapis.com/fcm/send/abc', 'validation.url');
    await refused('https://fcm.googleapis.com:8443/fcm/send/abc', 'validation.url');
    await refused('https://user:pw@fcm.googleapis.com/fcm/send/abc', 'validation.url');
  });

  it('sends only to a public address: a name that resolves to this machine, or not at all, fails that send only', async () => {
    const p = await newPlayer(strict);
    // the club named `localhost`: subscribing checks the name, sending the address it has
    expect((await subscribe(strict, p.token, 'https://localhost/push/loop')).status).toBe(200);
    expect((await subscribe(strict, p.token, 'https://nowhere.invalid/push/gone')).status).toBe(200);
    // a row written before these rules, aimed at a service on this machine
    const db = strict.kiosk.database.db;
    await db
      .insert(pushSubscriptions)
      .values({ ...device('x').keys, userId: p.user.id, endpoint: `http://localhost:${local.port}/push/old` });
    const before = local.paths.length;

    expect(await strict.kiosk.deps.push.send(p.user.id, message)).toBe(0);
    expect(local.paths.length).toBe(before);
    const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, p.user.id));
    expect(rows).toHaveLength(3);
    const errorOf = (suffix: string) => rows.find((r) => r.endpoint.endsWith(suffix))?.lastError ?? '';
    expect(errorOf('/push/loop')).toContain('non-public address');
    expect(errorOf('/push/old')).toContain('non-public address');
    expect(errorOf('/push/gone')).toMatch(/ENOTFOUND|EAI_AGAIN|abort/i);
  });

  it('knows which addresses are public', () => {
    for (const address of ['8.8.8.8', '142.250.74.10', '2a00:1450:400f:80d::200a'])
      expect(isPublicAddress(address)).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'fe80::1',
      'fd00::1',
      '64:ff9b::a00:1',
      'ff02::1',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});

describe('a person’s devices', () => {
  it('keeps the newest five devices of a person, and limits how often they subscribe', async () => {
    const p = await newPlayer(relaxed);
    for (const name of ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'])
      expect((await subscribe(relaxed, p.token, endpoint(name))).status).toBe(200);
    local.paths.length = 0;
    expect(await relaxed.kiosk.deps.push.send(p.user.id, message)).toBe(5);
    expect(local.paths.sort()).toEqual(['/push/d2', '/push/d3', '/push/d4', '/push/d5', '/push/d6']);
    // ten an hour, refused ones too
    for (let i = 7; i <= 10; i++) expect((await subscribe(relaxed, p.token, endpoint(`d${i}`))).status).toBe(200);
    expect(await subscribe(relaxed, p.token, endpoint('d11'))).toMatchObject({
      status: 429,
      body: { message: 'error.rate_limited' },
    });
  });

  it('ends a device’s pushes with the login that subscribed it: logout, password change, reset', async () => {
    const p = await newPlayer(relaxed);
    const phone = p.token;
    const laptop = await relaxed.login(p.body.email, p.body.password);
    await subscribe(relaxed, phone, endpoint('phone'));
    await subscribe(relaxed, laptop, endpoint('laptop'));
    const status = (token: string, name: string) =>
      relaxed.post('/v1/push/status', { endpoint: endpoint(name) }, token).then((a) => a.body.subscribed);
    expect(await status(phone, 'phone')).toBe(true);

    expect((await relaxed.post('/v1/auth/logout', {}, phone)).status).toBe(200);
    local.paths.length = 0;
    expect(await relaxed.kiosk.deps.push.send(p.user.id, message)).toBe(1);
    expect(local.paths).toEqual(['/push/laptop']);

    // a password change ends every other login, and with them every device's pushes
    const tablet = await relaxed.login(p.body.email, p.body.password);
    await subscribe(relaxed, tablet, endpoint('tablet'));
    const changed = await relaxed.post(
      '/v1/user/change-password',
      {
        current_password: p.body.password,
        password: 'a new long passphrase 42',
        password_confirmation: 'a new long passphrase 42',
      },
      laptop,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await relaxed.kiosk.deps.push.send(p.user.id, message)).toBe(0);
    expect(await status(laptop, 'laptop')).toBe(false);

    // a password reset from the mailed link ends them too
    await subscribe(relaxed, laptop, endpoint('laptop'));
    expect(await relaxed.kiosk.deps.push.send(p.user.id, message)).toBe(1);
    expect((await relaxed.post('/v1/auth/reset-password', { email: p.body.email })).status).toBe(200);
    const [mail] = await relaxed.kiosk.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, p.body.email), like(mailOutbox.text, '%/reset-password-continue/%')));
    const reset = await relaxed.post('/v1/auth/reset-password/continue', {
      token: linkIn(mail!).token,
      password: 'another long passphrase 7',
      password_confirmation: 'another long passphrase 7',
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(await relaxed.kiosk.deps.push.send(p.user.id, message)).toBe(0);
  });
});

describe('sending', () => {
  it('sends a few at a time and gives up on a push service that does not answer', async () => {
    const push = createPushService({
      db: relaxed.kiosk.database.db,
      config: relaxed.kiosk.deps.config,
      logger: createLogger('silent'),
      timeoutMs: 300,
      maxSending: 3,
    });
    const people = await Promise.all([1, 2, 3].map(() => newPlayer(relaxed)));
    for (const [i, p] of people.entries())
      for (const d of [1, 2, 3]) await subscribe(relaxed, p.token, endpoint(`slow-${i}-${d}`));
    local.setHold(true);
    const started = Date.now();
    const sent = await Promise.all(people.map((p) => push.send(p.user.id, message)));
    local.setHold(false);
    expect(sent).toEqual([0, 0, 0]);
    expect(local.mostOpen()).toBeLessThanOrEqual(3);
    // nine sends, three at a time, each given up after 300 ms
    expect(Date.now() - started).toBeLessThan(5000);
    const rows = await relaxed.kiosk.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, people[0]!.user.id));
    expect(rows.every((r) => /timeout|abort/i.test(r.lastError ?? ''))).toBe(true);
  });
});

function endpoint(name: string) {
  return `http://localhost:${local.port}/push/${name}`;
}
