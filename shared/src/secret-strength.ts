export const MIN_SECRET_BYTES = 32;

/**
 * Keys that were shipped in examples or old compose files, or that people type when asked
 * for one. Anyone who read the same page knows them.
 */
const KNOWN_DEFAULTS = new Set([
  'change-me-to-a-long-random-secret',
  'test-gateway-secret-0123456789abcdef',
  'secret',
  'changeme',
  'change-me',
  'change_me',
  'password',
  'gateway-secret',
  'webhook-secret',
  'supersecret',
  'default',
]);
/** the shape of a value copied from a template without being replaced */
const PLACEHOLDER =
  /change[-_ ]?me|replace[-_ ]?me|your[-_ ]?(own[-_ ]?)?(secret|key)|example|placeholder|^<.*>$|^x+$/i;
/** a key of random bytes (hex or base64) of 32 bytes or more has far more different characters */
const MIN_DISTINCT_CHARACTERS = 10;

/**
 * Why `value` is unfit to be a production key (HMAC keys, webhook secrets), or undefined
 * when it is fit: present, not a known default or placeholder, at least 32 bytes, and not
 * a few characters repeated.
 */
export function secretWeakness(value: string | undefined): string | undefined {
  if (!value) return 'missing';
  if (KNOWN_DEFAULTS.has(value.toLowerCase()) || PLACEHOLDER.test(value)) return 'a known default or placeholder';
  if (new TextEncoder().encode(value).length < MIN_SECRET_BYTES) return `shorter than ${MIN_SECRET_BYTES} bytes`;
  if (new Set(value).size < MIN_DISTINCT_CHARACTERS) return 'too few different characters to be random';
  return undefined;
}

/** How to make a good one, for the refusal message. */
export const SECRET_ADVICE = 'generate one with `openssl rand -hex 32`';
