import { describe, expect, it } from 'vitest';
import { ConfigError, loadGatewayConfig } from './config.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  KIOSK_URL: 'http://kiosk:3000',
  GATEWAY_SECRET: '6a1f0c3e9b7d25c84e1a0f9d3b6c7e2a5d8f1b4c7e0a3d6f9b2c5e8a1d4f7b0c',
  PUBLIC_URL: 'https://klubb.example.no',
};

function refusal(changes: Record<string, string | undefined>): string {
  try {
    loadGatewayConfig({ ...PRODUCTION, ...changes });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    return message;
  }
  throw new Error(`started with ${JSON.stringify(changes)}`);
}

describe('the gateway configuration', () => {
  it('needs the kiosk and the shared key, and names what is wrong on one line', () => {
    expect(() => loadGatewayConfig({})).toThrow(
      /^Invalid configuration: KIOSK_URL \(required\), GATEWAY_SECRET \(required\)$/,
    );
    expect(loadGatewayConfig({ KIOSK_URL: 'http://127.0.0.1:3000', GATEWAY_SECRET: 'sixteen-chars-ok' })).toMatchObject(
      {
        PORT: 3001,
        NODE_ENV: 'development',
      },
    );
  });

  it('starts in production with a strong key and an https address', () => {
    expect(loadGatewayConfig(PRODUCTION)).toMatchObject({ NODE_ENV: 'production', PUBLIC_URL: PRODUCTION.PUBLIC_URL });
  });

  it('refuses in production a short, known-default or placeholder key, never echoing it', () => {
    expect(refusal({ GATEWAY_SECRET: 'only-twenty-bytes-xy' })).toMatch(
      /^Refusing to start with NODE_ENV=production: GATEWAY_SECRET \(shorter than 32 bytes/,
    );
    const old = refusal({ GATEWAY_SECRET: 'change-me-to-a-long-random-secret' });
    expect(old).toMatch(/GATEWAY_SECRET \(a known default or placeholder/);
    expect(old).not.toContain('change-me-to-a-long-random-secret');
    expect(refusal({ GATEWAY_SECRET: '0123'.repeat(10) })).toMatch(/GATEWAY_SECRET \(too few different characters/);
  });

  it('refuses in production a public address that is not https', () => {
    expect(refusal({ PUBLIC_URL: 'http://klubb.example.no' })).toMatch(/PUBLIC_URL \(must be an https:\/\/ address\)/);
    expect(refusal({ PUBLIC_URL: undefined })).toMatch(/PUBLIC_URL \(unset/);
  });

  it('keeps development and tests as they are', () => {
    expect(() =>
      loadGatewayConfig({ ...PRODUCTION, NODE_ENV: 'test', GATEWAY_SECRET: 'test-gateway-secret-0123456789abcdef' }),
    ).not.toThrow();
    expect(() =>
      loadGatewayConfig({ ...PRODUCTION, NODE_ENV: undefined, PUBLIC_URL: 'http://localhost:3000' }),
    ).not.toThrow();
  });
});
