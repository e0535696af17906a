import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Vipps MobilePay webhook authentication (Webhooks API, "Request authentication"):
 * `x-ms-content-sha256` is base64(SHA-256(raw body)); the signed text is
 * `POST\n{path and query}\n{x-ms-date};{host};{content hash}` with the path and host of the
 * registered URL; the signature is base64(HMAC-SHA256(utf8(secret), text)); the whole
 * Authorization value is compared in constant time.
 */
export function contentHash(rawBody: string): string {
  return createHash('sha256').update(rawBody, 'utf8').digest('base64');
}

export function authorizationFor(options: { secret: string; url: string; date: string; rawBody: string }): string {
  const url = new URL(options.url);
  const signed = `POST\n${url.pathname}${url.search}\n${options.date};${url.host};${contentHash(options.rawBody)}`;
  const signature = createHmac('sha256', options.secret).update(signed, 'utf8').digest('base64');
  return `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature}`;
}

/** How far `x-ms-date` may be from our clock: beyond it a captured request can no longer be replayed. */
export const MAX_DATE_SKEW_MS = 5 * 60 * 1000;

export function verifyWebhook(options: {
  secret: string;
  /** the URL the webhook was registered with */
  url: string;
  rawBody: string;
  headers: { date: string | undefined; contentSha256: string | undefined; authorization: string | undefined };
  /** the server's clock, in ms */
  now: number;
}): boolean {
  const { date, contentSha256, authorization } = options.headers;
  if (!date || !contentSha256 || !authorization) return false;
  const signedAt = Date.parse(date);
  if (!Number.isFinite(signedAt) || Math.abs(options.now - signedAt) > MAX_DATE_SKEW_MS) return false;
  if (!safeEqual(contentSha256, contentHash(options.rawBody))) return false;
  return safeEqual(
    authorization,
    authorizationFor({ secret: options.secret, url: options.url, date, rawBody: options.rawBody }),
  );
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
