import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretWeakness } from './secret-strength.ts';

describe('a production key', () => {
  it('is fit when it is 32 random bytes or more, in hex or base64', () => {
    for (let i = 0; i < 200; i++) {
      expect(secretWeakness(randomBytes(32).toString('hex'))).toBeUndefined();
      expect(secretWeakness(randomBytes(32).toString('base64'))).toBeUndefined();
      expect(secretWeakness(randomBytes(24).toString('base64url'))).toBeUndefined();
    }
  });

  it('is unfit when missing, short, a known default, a placeholder or a repeated pattern', () => {
    expect(secretWeakness(undefined)).toBe('missing');
    expect(secretWeakness('')).toBe('missing');
    expect(secretWeakness(randomBytes(15).toString('hex'))).toMatch(/shorter than 32 bytes/);
    for (const known of ['secret', 'changeme', 'Change-Me', 'change-me-to-a-long-random-secret']) {
      expect(secretWeakness(known)).toMatch(/known default/);
    }
    for (const placeholder of [
      'CHANGE_ME_please_to_something_long_and_random',
      'your-secret-key-goes-here-and-it-is-long',
      '<put 64 hex characters from openssl here>',
      'x'.repeat(40),
    ]) {
      expect(secretWeakness(placeholder)).toMatch(/placeholder/);
    }
    expect(secretWeakness('0123456789'.slice(0, 8).repeat(5))).toMatch(/too few different characters/);
  });

  it('counts bytes, not characters', () => {
    // 16 characters of two bytes each: 32 bytes
    expect(secretWeakness('æøåÆØÅéèêëîïôöüß')).toBeUndefined();
    expect(secretWeakness('æøåÆØÅéèêëîïôöü')).toMatch(/shorter/);
  });
});
