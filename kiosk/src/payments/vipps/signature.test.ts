import { describe, expect, it } from 'vitest';
import { authorizationFor, contentHash, verifyWebhook } from './signature.ts';

// The official test vector of the Vipps MobilePay Webhooks API documentation.
const VECTOR = {
  secret: 'A0+AeKBRG2KRGvnNwJpQlb6IJFk48CKXCIcrLoHncVJKDILsQSxS6NWCccwWm6r6FhGKhiHTBsG2wo/xU6FY/A==',
  url: 'https://webhook.site/e2cee29b-012e-4f1d-8ef4-e95fd74a7a63',
  date: 'Thu, 30 Mar 2023 08:38:32 GMT',
  rawBody: '{"some-unique-content":"ee6e441b-cc4a-46f8-895d-a5af79bcc233/hello-world"}',
  hash: 'lNlsp1XA03N34HrQsVzPgJKtC+r7l/RBF4V3JQUWMj4=',
  authorization:
    'HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=agAiSyogQbDHpeucoNwYz+yAr5nJ+v+zasdkSbqzv+U=',
};

const signedAt = Date.parse(VECTOR.date);
const MINUTE = 60_000;

describe('Vipps webhook signature', () => {
  it('reproduces the official test vector', () => {
    expect(contentHash(VECTOR.rawBody)).toBe(VECTOR.hash);
    expect(authorizationFor(VECTOR)).toBe(VECTOR.authorization);
  });

  const headers = { date: VECTOR.date, contentSha256: VECTOR.hash, authorization: VECTOR.authorization };

  it('accepts the vector', () => {
    expect(verifyWebhook({ ...VECTOR, headers, now: signedAt })).toBe(true);
  });

  it.each([
    ['a changed body', { rawBody: `${VECTOR.rawBody} ` }],
    ['another secret', { secret: 'wrong' }],
    ['another path', { url: 'https://webhook.site/other' }],
    ['another host', { url: 'https://evil.example/e2cee29b-012e-4f1d-8ef4-e95fd74a7a63' }],
  ])('refuses %s', (_, change) => {
    expect(verifyWebhook({ ...VECTOR, ...change, headers, now: signedAt })).toBe(false);
  });

  it('accepts a date within five minutes of the server clock, either way', () => {
    for (const now of [signedAt + 5 * MINUTE, signedAt - 5 * MINUTE, signedAt + 30_000]) {
      expect(verifyWebhook({ ...VECTOR, headers, now })).toBe(true);
    }
  });

  it('refuses a correctly signed request whose date is more than five minutes off (a replay)', () => {
    for (const now of [signedAt + 5 * MINUTE + 1000, signedAt - 5 * MINUTE - 1000, signedAt + 24 * 60 * MINUTE]) {
      expect(verifyWebhook({ ...VECTOR, headers, now })).toBe(false);
    }
  });

  it('refuses a date it cannot read', () => {
    const vector = { ...VECTOR, date: 'not a date' };
    const signed = { ...headers, date: vector.date, authorization: authorizationFor(vector) };
    expect(verifyWebhook({ ...vector, headers: signed, now: signedAt })).toBe(false);
  });

  it('refuses missing or altered headers', () => {
    expect(verifyWebhook({ ...VECTOR, now: signedAt, headers: { ...headers, authorization: undefined } })).toBe(false);
    expect(
      verifyWebhook({ ...VECTOR, now: signedAt, headers: { ...headers, date: 'Thu, 30 Mar 2023 08:38:33 GMT' } }),
    ).toBe(false);
    expect(verifyWebhook({ ...VECTOR, now: signedAt, headers: { ...headers, contentSha256: contentHash('{}') } })).toBe(
      false,
    );
  });
});
