import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../errors.ts';
import { VALIDATION_KEYS } from '../validation.ts';
import { resources, translate } from './resources.ts';

function leaves(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      for (const [k, v] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else out.set(prefix, node);
  return out;
}

describe('i18n resources', () => {
  const nb = leaves(resources.nb.translation);
  const en = leaves(resources.en.translation);

  it('have the same keys in both languages, each a non-empty text', () => {
    expect([...nb.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of [...nb, ...en]) {
      expect(typeof text, key).toBe('string');
      expect(String(text).trim(), key).not.toBe('');
    }
  });

  it('hold every error key and every validation key', () => {
    for (const key of [...ERROR_KEYS, ...VALIDATION_KEYS]) {
      expect(nb.has(key), `nb ${key}`).toBe(true);
      expect(en.has(key), `en ${key}`).toBe(true);
    }
  });

  it('keep SPEC’s English texts word for word', () => {
    expect(translate('en', 'error.network')).toBe('Network error.');
    expect(translate('en', 'error.email_or_phone_already_in_use')).toBe('E-mail or Phone is already in use.');
    expect(translate('en', 'error.auth_required')).toBe('Authentication required.');
    expect(translate('en', 'error.items_not_found')).toBe('Cart items not found.');
    expect(translate('en', 'error.table_full')).toBe('Table is full.');
    expect(translate('en', 'success.account_created')).toBe('Account successfully created, please sign in.');
    expect(translate('en', 'success.saved')).toBe('Successfully saved');
    expect(translate('en', 'validation.required', { field: 'Name' })).toBe('Name is required.');
    expect(translate('en', 'validation.passwords_do_not_match')).toBe('Passwords do not match.');
  });

  it('answer in Norwegian by default wording, not a copy of the English', () => {
    expect(translate('nb', 'validation.required', { field: 'Navn' })).toBe('Navn må fylles ut.');
    const same = [...nb].filter(([key, text]) => en.get(key) === text && !key.startsWith('app.') && key !== 'field.id');
    expect(same).toEqual([]);
  });

  it('fall back to the key when a text is missing', () => {
    expect(translate('nb', 'error.does_not_exist')).toBe('error.does_not_exist');
  });
});
