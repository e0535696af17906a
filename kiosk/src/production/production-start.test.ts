import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKiosk } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { createLogger } from '../logger.ts';

/** Production with the simulators chosen on purpose (staging), as far as loadConfig allows. */
const STAGING = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: 'memory://',
  PUBLIC_URL: 'https://staging.klubb.example.no',
  SMTP_URL: 'smtp://127.0.0.1:1',
  PAYMENTS_SIMULATOR: '1',
  VAPID_PUBLIC_KEY: 'BA49pwHz-26Zoh5u5JcITKVgn4wEHVyWqHZoQfU4rtNGn5fwPEU8SLd8QXBwUOLgHhHgGHHbuPlCtiMiavKkaXc',
  VAPID_PRIVATE_KEY: '-vye0HwligaPcee5EteDUEigtjnMwn_RoKOp9v7DG80',
  VAPID_SUBJECT: 'mailto:drift@klubb.example.no',
  LOG_LEVEL: 'info',
});

// one database for the whole file, started on in turn as production, as the demo, as production
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(() => database?.close());

function captured() {
  const lines: string[] = [];
  return { lines, logger: createLogger('info', { write: (line: string) => void lines.push(line) }) };
}

describe('a production start of the kiosk', () => {
  it('warns that no real money is taken, on every start with PAYMENTS_SIMULATOR=1', async () => {
    for (let start = 0; start < 2; start++) {
      const { lines, logger } = captured();
      const kiosk = await createKiosk({ config: STAGING, logger, database });
      await kiosk.close();
      const warnings = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40);
      expect(warnings.map((w) => w.msg)).toEqual([
        expect.stringMatching(/^PAYMENTS_SIMULATOR=1: VIPPS_BASE_URL .*no real money is taken$/),
        expect.stringMatching(/^PAYMENTS_SIMULATOR=1: STRIPE_SECRET_KEY .*no real money is taken$/),
      ]);
    }
  });

  it('seeds no demo login', async () => {
    const kiosk = await createKiosk({ config: STAGING, logger: createLogger('silent'), database });
    try {
      const login = await kiosk.app.request('/v1/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@cueclub.demo', password: 'klubb-admin' }),
      });
      expect(login.status).toBe(401);
    } finally {
      await kiosk.close();
    }
  });

  it('refuses a database that once ran the demo, which holds its public logins', async () => {
    const demo = await createKiosk({
      config: loadConfig({ DATA_DIR: 'memory://', DEMO: '1', NODE_ENV: 'test' }),
      logger: createLogger('silent'),
      database,
    });
    await demo.close();

    const start = createKiosk({ config: STAGING, logger: createLogger('silent'), database });
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(
      /^Refusing to start with NODE_ENV=production: DATABASE_URL\/DATA_DIR \(the database holds the demo's public logins, admin@cueclub\.demo/,
    );
  });
});
