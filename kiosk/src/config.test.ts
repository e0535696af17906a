import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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

  it('never allows the test clock in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: '1' })).toThrow(/TEST_CLOCK/);
  });

  it('wants the admin e-mail and password together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.no' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
  });
});
