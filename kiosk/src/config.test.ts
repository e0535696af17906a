import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { simulatorWarnings } from './production/refusals.ts';

/** A production environment with nothing to refuse: real providers, SMTP, https, strong keys. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://klubb.example.no',
  SMTP_URL: 'smtp://mail.example.no:587',
  VIPPS_BASE_URL: 'https://api.vipps.no',
  VIPPS_CLIENT_ID: 'client-id',
  VIPPS_CLIENT_SECRET: 'client-secret',
  VIPPS_SUBSCRIPTION_KEY: 'subscription-key',
  VIPPS_MSN: '123456',
  VIPPS_WEBHOOK_SECRET: 'f3b1c9a27d8e4f60b5a3c1d9e7f20a4b',
  STRIPE_SECRET_KEY: 'sk_live_51Hx9kQ2eZvKYlo2C0aB1cD2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c',
  GATEWAY_URL: 'http://gateway:3001',
  GATEWAY_SECRET: '6a1f0c3e9b7d25c84e1a0f9d3b6c7e2a5d8f1b4c7e0a3d6f9b2c5e8a1d4f7b0c',
  VAPID_PUBLIC_KEY: 'BA49pwHz-26Zoh5u5JcITKVgn4wEHVyWqHZoQfU4rtNGn5fwPEU8SLd8QXBwUOLgHhHgGHHbuPlCtiMiavKkaXc',
  VAPID_PRIVATE_KEY: '-vye0HwligaPcee5EteDUEigtjnMwn_RoKOp9v7DG80',
  VAPID_SUBJECT: 'mailto:drift@klubb.example.no',
};

/** The one line a production start stops with, given `changes` to the safe environment. */
function refusal(changes: Record<string, string | undefined>): string {
  try {
    loadConfig({ ...PRODUCTION, ...changes });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toMatch(/^Refusing to start with NODE_ENV=production: /);
    return message;
  }
  throw new Error(`started with ${JSON.stringify(changes)}`);
}

describe('configuration', () => {
  it('has defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      REALTIME_SOURCE: 'webhook',
      publicUrl: 'http://localhost:3000',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('stops on a bad value with one line naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ REALTIME_SOURCE: 'carrier-pigeon' })).toThrow(
      /REALTIME_SOURCE \(expected one of webhook\|poll\)/,
    );
    try {
      loadConfig({ ADMIN_PASSWORD: 'short', SMTP_URL: 'http://nope' });
    } catch (error) {
      expect(String((error as Error).message)).not.toContain('short');
      expect((error as Error).message.split('\n')).toHaveLength(1);
    }
  });

  it('wants the admin e-mail and password together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.no' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
  });

  it('wants the signing key of a split kiosk', () => {
    expect(() => loadConfig({ GATEWAY_URL: 'http://gateway:3001' })).toThrow(
      /GATEWAY_SECRET \(required with GATEWAY_URL/,
    );
  });
});

describe('a production start', () => {
  it('starts with real providers, SMTP, https and strong keys', () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({ NODE_ENV: 'production', publicUrl: 'https://klubb.example.no' });
  });

  it('refuses the demo club and its published admin login', () => {
    expect(refusal({ DEMO: '1' })).toMatch(/DEMO \(would seed the demo club/);
    expect(refusal({ DEMO: 'true' })).toMatch(/DEMO/);
    expect(loadConfig({ ...PRODUCTION, DEMO: '0' }).DEMO).toBe(false);
  });

  it('refuses the test clock', () => {
    expect(refusal({ TEST_CLOCK: '1' })).toMatch(/TEST_CLOCK \(/);
  });

  it('refuses push to local addresses, and reads the club’s push services', () => {
    expect(refusal({ PUSH_ALLOW_LOCAL: '1' })).toMatch(/PUSH_ALLOW_LOCAL \(lets a player aim/);
    expect(
      loadConfig({ ...PRODUCTION, PUSH_SERVICE_HOSTS: ' Push.Example.org, *.push.club.no ,' }).PUSH_SERVICE_HOSTS,
    ).toEqual(['push.example.org', 'push.club.no']);
    expect(() => loadConfig({ ...PRODUCTION, PUSH_SERVICE_HOSTS: 'https://push.example.org/' })).toThrow(
      /PUSH_SERVICE_HOSTS/,
    );
  });

  it('refuses to write e-mails with their links to the log', () => {
    expect(refusal({ SMTP_URL: undefined })).toMatch(/SMTP_URL \(unset: e-mails with login links/);
  });

  it('refuses a public address that is not https', () => {
    expect(refusal({ PUBLIC_URL: 'http://klubb.example.no' })).toMatch(/PUBLIC_URL \(must be an https:\/\/ address\)/);
    expect(refusal({ PUBLIC_URL: undefined })).toMatch(/PUBLIC_URL \(unset/);
  });

  it('refuses the Vipps simulator unless PAYMENTS_SIMULATOR=1 chooses it', () => {
    const vippsUnset = { VIPPS_BASE_URL: undefined, VIPPS_CLIENT_ID: undefined, VIPPS_CLIENT_SECRET: undefined };
    expect(refusal(vippsUnset)).toMatch(/VIPPS_BASE_URL \(unset: Vipps payments would go to the built-in simulator/);
    expect(refusal(vippsUnset)).toMatch(/PAYMENTS_SIMULATOR=1/);
    // partly configured still means the simulator: the first missing one is named
    expect(refusal({ VIPPS_CLIENT_SECRET: undefined })).toMatch(/VIPPS_CLIENT_SECRET \(unset/);
    expect(refusal({ VIPPS_BASE_URL: 'https://apitest.vipps.no' })).toMatch(/VIPPS_BASE_URL \(Vipps' test environment/);
    expect(loadConfig({ ...PRODUCTION, ...vippsUnset, PAYMENTS_SIMULATOR: '1' }).PAYMENTS_SIMULATOR).toBe(true);
  });

  it('refuses the card simulator unless PAYMENTS_SIMULATOR=1 chooses it', () => {
    expect(refusal({ STRIPE_SECRET_KEY: undefined })).toMatch(
      /STRIPE_SECRET_KEY \(unset: card payments would go to the built-in simulator/,
    );
    expect(refusal({ STRIPE_SECRET_KEY: 'sk_test_51Hx9kQ2eZvKYlo2C0aB1cD2e' })).toMatch(
      /STRIPE_SECRET_KEY \(a Stripe test key/,
    );
    expect(() => loadConfig({ ...PRODUCTION, STRIPE_SECRET_KEY: undefined, PAYMENTS_SIMULATOR: '1' })).not.toThrow();
  });

  it('warns on every start that PAYMENTS_SIMULATOR=1 takes no real money', () => {
    const config = loadConfig({
      ...PRODUCTION,
      VIPPS_BASE_URL: undefined,
      STRIPE_SECRET_KEY: undefined,
      PAYMENTS_SIMULATOR: '1',
    });
    const warnings = simulatorWarnings(config);
    expect(warnings).toHaveLength(2);
    expect(warnings.join('\n')).toMatch(/VIPPS_BASE_URL[^\n]*no real money/);
    expect(warnings.join('\n')).toMatch(/STRIPE_SECRET_KEY[^\n]*no real money/);
    expect(simulatorWarnings(loadConfig({ ...PRODUCTION, PAYMENTS_SIMULATOR: '1' }))).toEqual([]);
    expect(simulatorWarnings(loadConfig({}))).toEqual([]);
  });

  it('wants everything the real Vipps API needs', () => {
    expect(refusal({ VIPPS_MSN: undefined })).toMatch(/VIPPS_MSN \(unset: the Vipps API needs it\)/);
    expect(refusal({ VIPPS_SUBSCRIPTION_KEY: undefined })).toMatch(/VIPPS_SUBSCRIPTION_KEY/);
  });

  it('refuses a missing, short or known-default gateway key', () => {
    expect(refusal({ GATEWAY_SECRET: undefined })).toMatch(/GATEWAY_SECRET \(missing/);
    expect(refusal({ GATEWAY_SECRET: 'only-twenty-bytes-xy' })).toMatch(/GATEWAY_SECRET \(shorter than 32 bytes/);
    expect(refusal({ GATEWAY_SECRET: 'change-me-to-a-long-random-secret' })).toMatch(
      /GATEWAY_SECRET \(a known default or placeholder/,
    );
    expect(refusal({ GATEWAY_SECRET: 'replace-me-with-64-hex-characters-from-openssl' })).toMatch(
      /GATEWAY_SECRET \(a known default/,
    );
    expect(refusal({ GATEWAY_SECRET: 'ab'.repeat(20) })).toMatch(/GATEWAY_SECRET \(too few different characters/);
    // an embedded kiosk needs none, but one it is given opens its realtime reads
    expect(() => loadConfig({ ...PRODUCTION, GATEWAY_URL: undefined, GATEWAY_SECRET: undefined })).not.toThrow();
    expect(refusal({ GATEWAY_URL: undefined, GATEWAY_SECRET: 'secret-secret-secret' })).toMatch(/GATEWAY_SECRET/);
  });

  it('refuses a weak webhook key for each real payment provider', () => {
    expect(refusal({ VIPPS_WEBHOOK_SECRET: undefined })).toMatch(/VIPPS_WEBHOOK_SECRET \(missing/);
    expect(refusal({ VIPPS_WEBHOOK_SECRET: 'changeme' })).toMatch(/VIPPS_WEBHOOK_SECRET \(a known default/);
    expect(refusal({ STRIPE_WEBHOOK_SECRET: undefined })).toMatch(/STRIPE_WEBHOOK_SECRET \(missing/);
    expect(refusal({ STRIPE_WEBHOOK_SECRET: 'whsec_short' })).toMatch(/STRIPE_WEBHOOK_SECRET \(shorter than 32/);
    // with the simulators chosen there is no provider to sign webhooks
    expect(() =>
      loadConfig({
        ...PRODUCTION,
        VIPPS_BASE_URL: undefined,
        VIPPS_WEBHOOK_SECRET: undefined,
        STRIPE_SECRET_KEY: undefined,
        STRIPE_WEBHOOK_SECRET: undefined,
        PAYMENTS_SIMULATOR: '1',
      }),
    ).not.toThrow();
  });

  it('names every unsafe variable on one line and never echoes a secret', () => {
    const message = refusal({
      DEMO: '1',
      SMTP_URL: undefined,
      PUBLIC_URL: 'http://klubb.example.no',
      GATEWAY_SECRET: 'a-short-key-to-hide',
    });
    for (const name of ['DEMO', 'SMTP_URL', 'PUBLIC_URL', 'GATEWAY_SECRET']) expect(message).toContain(`${name} (`);
    expect(message).not.toContain('a-short-key-to-hide');
  });

  it('leaves the demo (no NODE_ENV) as it is', () => {
    expect(loadConfig({ DEMO: '1', TEST_CLOCK: '1', PUBLIC_URL: 'http://localhost:3000' })).toMatchObject({
      DEMO: true,
      NODE_ENV: 'development',
    });
  });
});
