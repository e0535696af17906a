/**
 * Web Push end to end: a real P-256 key pair and auth secret stand for a browser's
 * subscription, a local HTTP server for its push service. What arrives is decrypted here with
 * node:crypto as RFC 8291 (aes128gcm) says a browser does, and its VAPID signature (RFC 8292)
 * checked against the key the kiosk publishes.
 */
import { createDecipheriv, createECDH, createHmac, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TTable } from '@club/shared/tables';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { reminderContext } from '../app.ts';
import { sweepReservations } from '../reservations/sweep-reservations.ts';

interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let k: TestKiosk;
let admin: string;
let service: Server;
let serviceUrl: string;
const deliveries: Delivery[] = [];
/** what the push service answers next (a browser that dropped the subscription: 410) */
let answerStatus = 201;

beforeAll(async () => {
  // the push service here is on this machine, over http: allowed for tests only
  k = await startTestKiosk({ env: { PUSH_ALLOW_LOCAL: '1', PUSH_SERVICE_HOSTS: 'localhost' } });
  admin = await k.login(ADMIN.email, ADMIN.password);
  service = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answerStatus).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://localhost:${(service.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => service.close(() => resolve()));
  await k.close();
});

const b64url = (buf: Buffer) => buf.toString('base64url');

/** A browser's subscription: its own key pair and auth secret, and an endpoint at the test service. */
function browser(name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: {
      endpoint: `${serviceUrl}/push/${name}`,
      keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
    },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188: the plaintext of one aes128gcm record sent to this browser. */
function decrypt(body: Buffer, ua: { ecdh: ECDH; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const secret = ua.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.ecdh.getPublicKey(), asPublic]);
  const ikm = hmac(hmac(ua.auth, secret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 0x02 and any zero padding
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT signed ES256>, k=<public key>`; the JWT names the push service as audience. */
function checkVapid(header: string | undefined, publicKey: string) {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header ?? '');
  expect(match, header).not.toBeNull();
  const [jwt, key] = [match![1]!, match![2]!];
  expect(key).toBe(publicKey);
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) };
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(ok).toBe(true);
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
}

describe('Web Push', () => {
  it('publishes one VAPID key, kept across reads, and stores a device only for a logged-in person', async () => {
    const key = (await k.get('/v1/push/key')).body.public_key as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect((await k.get('/v1/push/key')).body.public_key).toBe(key);
    const sub = browser('anon').subscription;
    expect((await k.post('/v1/push/subscribe', sub)).status).toBe(401);
    const p = await newPlayer(k);
    expect(
      (await k.post('/v1/push/subscribe', { ...sub, keys: { p256dh: 'not base64!', auth: 'x' } }, p.token)).status,
    ).toBe(422);
    expect((await k.post('/v1/push/subscribe', { ...sub, endpoint: 'ftp://x.example/1' }, p.token)).status).toBe(422);
  });

  it('sends a waitlist offer encrypted to the device, signed with the club’s key, and forgets a device that is gone', async () => {
    const publicKey = (await k.get('/v1/push/key')).body.public_key as string;
    const phone = browser('phone');
    const p = await newPlayer(k, { name: 'Siri' });
    expect((await k.post('/v1/push/subscribe', phone.subscription, p.token)).status).toBe(200);

    const table = (await k.post('/v1/table/create', { name: 'Push-bord', capacity: 2, price_per_minute: 100 }, admin))
      .body.table as TTable;
    for (const t of (await k.get('/v1/table/all')).body.data as TTable[])
      if (t.id !== table.id) await k.post('/v1/table/update', { ...t, active: false }, admin);
    // a free table is offered at once on joining the line
    const joined = await k.post('/v1/waitlist/join', { party_size: 2 }, p.token);
    expect(joined.body.entry).toMatchObject({ status: 'offered', offer: { table_id: table.id } });

    await vi.waitFor(() => expect(deliveries.some((d) => d.path === '/push/phone')).toBe(true), { timeout: 5000 });
    const delivery = deliveries.find((d) => d.path === '/push/phone')!;
    expect(delivery.headers['content-encoding']).toBe('aes128gcm');
    expect(delivery.body.includes(Buffer.from('Push-bord'))).toBe(false);
    const message = JSON.parse(decrypt(delivery.body, phone));
    expect(message).toEqual({
      title: 'Push-bord er ledig for deg',
      body: expect.stringMatching(/^Holdes av til deg til \d\d:\d\d\. Trykk for å ta det\.$/),
      url: `/table/${table.id}`,
      tag: expect.stringMatching(/^waitlist-\d+$/),
    });
    const claims = checkVapid(delivery.headers.authorization, publicKey);
    expect(claims.aud).toBe(serviceUrl);
    expect(claims.sub).toMatch(/^mailto:/);

    // a device the browser dropped (410) is forgotten: the next message does not go there
    answerStatus = 410;
    deliveries.length = 0;
    expect(await k.kiosk.deps.push.send(p.user.id, { title: 't', body: 'b', url: '/', tag: 'x' })).toBe(0);
    expect(deliveries).toHaveLength(1);
    expect(await k.kiosk.deps.push.send(p.user.id, { title: 't', body: 'b', url: '/', tag: 'x' })).toBe(0);
    expect(deliveries).toHaveLength(1);
    answerStatus = 201;
    await k.post('/v1/waitlist/leave', {}, p.token);
  });

  it('reminds a reservation’s holder on their phone before the start', async () => {
    const phone = browser('reminded');
    const p = await newPlayer(k);
    await k.post('/v1/push/subscribe', phone.subscription, p.token);
    const allDay = { open: '00:00', close: '00:00' };
    await k.post('/v1/settings/opening-hours', { week: Array(7).fill(allDay), exceptions: [] }, admin);
    await k.post('/v1/settings/reservations', { grace_minutes: 15, reminder_minutes: 60 }, admin);
    const table = (await k.post('/v1/table/create', { name: 'Minne-bord', capacity: 4, price_per_minute: 100 }, admin))
      .body.table as TTable;
    const now = Date.parse((await k.get('/v1/health')).body.server_time as string);
    const quarter = 15 * 60_000;
    const startsAt = Math.ceil((now + 3 * 60 * 60_000) / quarter) * quarter;
    const booked = await k.post(
      '/v1/reservation/create',
      { table_id: table.id, starts_at: new Date(startsAt).toISOString(), minutes: 60, party_size: 2 },
      p.token,
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    deliveries.length = 0;
    await advance(k, startsAt - now - 50 * 60_000);
    await sweepReservations(k.kiosk.database.db, reminderContext(k.kiosk.deps.config, k.kiosk.mailer));

    await vi.waitFor(() => expect(deliveries.some((d) => d.path === '/push/reminded')).toBe(true), { timeout: 5000 });
    const message = JSON.parse(decrypt(deliveries.find((d) => d.path === '/push/reminded')!.body, phone));
    expect(message).toMatchObject({
      title: 'Melding fra klubben',
      url: '/reservations',
      tag: expect.stringMatching(/^notice-\d+$/),
    });
    expect(message.body).toContain('Minne-bord');
  });

  it('unsubscribes a device, only its owner’s', async () => {
    const phone = browser('owned');
    const owner = await newPlayer(k);
    const other = await newPlayer(k);
    await k.post('/v1/push/subscribe', phone.subscription, owner.token);
    await k.post('/v1/push/unsubscribe', { endpoint: phone.subscription.endpoint }, other.token);
    deliveries.length = 0;
    expect(await k.kiosk.deps.push.send(owner.user.id, { title: 't', body: 'b', url: '/', tag: 'x' })).toBe(1);
    expect(JSON.parse(decrypt(deliveries[0]!.body, phone))).toMatchObject({ title: 't' });
    await k.post('/v1/push/unsubscribe', { endpoint: phone.subscription.endpoint }, owner.token);
    expect(await k.kiosk.deps.push.send(owner.user.id, { title: 't', body: 'b', url: '/', tag: 'x' })).toBe(0);
  });
});
