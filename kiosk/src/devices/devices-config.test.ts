import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKiosk } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { createLogger } from '../logger.ts';

/** A production start that refuses nothing else (payments simulated on purpose). */
const PRODUCTION = {
  NODE_ENV: 'production',
  DATA_DIR: 'memory://',
  PUBLIC_URL: 'https://klubb.example.no',
  SMTP_URL: 'smtp://127.0.0.1:1',
  PAYMENTS_SIMULATOR: '1',
  VAPID_PUBLIC_KEY: 'BA49pwHz-26Zoh5u5JcITKVgn4wEHVyWqHZoQfU4rtNGn5fwPEU8SLd8QXBwUOLgHhHgGHHbuPlCtiMiavKkaXc',
  VAPID_PRIVATE_KEY: '-vye0HwligaPcee5EteDUEigtjnMwn_RoKOp9v7DG80',
  VAPID_SUBJECT: 'mailto:drift@klubb.example.no',
  LOG_LEVEL: 'info',
};

function refusal(changes: Record<string, string | undefined>): string {
  try {
    loadConfig({ ...PRODUCTION, ...changes });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    return message;
  }
  throw new Error(`started with ${JSON.stringify(changes)}`);
}

describe('the broker in production (DESIGN §10, §14)', () => {
  it('refuses a broker on another host without the kiosk’s own login', () => {
    expect(refusal({ MQTT_URL: 'mqtt://broker.klubb.lan:1883' })).toMatch(
      /MQTT_USERNAME \(unset: the broker at broker\.klubb\.lan would take anyone's commands to the door/,
    );
    expect(refusal({ MQTT_URL: 'mqtts://broker.klubb.lan:8883', MQTT_USERNAME: 'kiosk' })).toMatch(
      /MQTT_PASSWORD \(set both or neither\)/,
    );
    expect(refusal({ MQTT_URL: 'mqtt://kiosk:hemmelig@broker.klubb.lan' })).toMatch(/MQTT_URL \(holds credentials/);
    expect(refusal({ MQTT_URL: 'http://broker.klubb.lan' })).toMatch(/MQTT_URL/);
  });

  it('takes a broker with a login, and one on this machine without', () => {
    const login = {
      MQTT_URL: 'mqtts://broker.klubb.lan:8883',
      MQTT_USERNAME: 'kiosk',
      MQTT_PASSWORD: 'a-long-password',
    };
    expect(loadConfig({ ...PRODUCTION, ...login }).MQTT_URL).toBe(login.MQTT_URL);
    expect(loadConfig({ ...PRODUCTION, MQTT_URL: 'mqtt://127.0.0.1:1883' }).MQTT_URL).toBe('mqtt://127.0.0.1:1883');
    expect(loadConfig({ ...PRODUCTION, MQTT_URL: 'mqtt://localhost' }).MQTT_URL).toBe('mqtt://localhost');
  });
});

describe('devices at start', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => database?.close());

  const start = async (env: Record<string, string>) => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const kiosk = await createKiosk({ config: loadConfig({ ...PRODUCTION, ...env }), logger, database });
    const status = await kiosk.devices.status();
    await kiosk.close();
    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    return { status, warnings: logged.filter((l) => l.level === 40).map((l) => l.msg), logged };
  };

  it('keeps devices off in production without MQTT_URL', async () => {
    const { status, logged } = await start({});
    expect(status).toMatchObject({ broker: 'off', simulator: false, door: null });
    expect(logged.map((l) => l.msg)).toContain('devices: no MQTT_URL, table lights and the door relay are off');
  });

  it('simulates them only with DEVICES_SIMULATOR=1, warning on every start', async () => {
    for (let i = 0; i < 2; i++) {
      const { status, warnings } = await start({ DEVICES_SIMULATOR: '1' });
      expect(status.simulator).toBe(true);
      expect(warnings).toContain(
        'DEVICES_SIMULATOR=1: table lights and the door are simulated; no real relay is switched',
      );
    }
  });
});
