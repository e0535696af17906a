import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { resources } from '@club/shared/i18n/resources';
import { z } from '@club/shared/zod';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useForm } from './form.ts';
import { setLocale } from './i18n.ts';

/** A form whose fields the text catalogue names, and two it has no words for. */
const ZBooking = z.object({
  name: z.string().trim().min(1),
  party_size: z.coerce.number().int().min(1),
  starts_at: z.string().min(1),
});

function submitEmpty() {
  const { result } = renderHook(() => useForm(ZBooking, { name: '', party_size: '', starts_at: '' }));
  act(() => result.current.handleSubmit(() => undefined)({ preventDefault() {} } as FormEvent));
  return result.current;
}

describe('validation messages of a form', () => {
  beforeEach(() => setLocale('nb'));
  afterEach(cleanup);

  it('name a field by its text in the reader’s language', () => {
    expect(submitEmpty().errorOf('name')).toBe('Fornavn må fylles ut.');
  });

  it('never name a field by its schema name, in either language', async () => {
    const nb = submitEmpty();
    expect(nb.errorOf('party_size')).toBe('Antall spillere er under det som er tillatt.');
    expect(nb.errorOf('starts_at')).toBe('Feltet må fylles ut.');
    await act(() => setLocale('en'));
    const en = submitEmpty();
    expect(en.errorOf('starts_at')).toBe('This field is required.');
    for (const text of [nb.errorOf('party_size'), en.errorOf('party_size')]) expect(text).not.toMatch(/party|starts|_/);
  });
});

const SRC = join(import.meta.dirname, '..');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

describe('the forms built with useForm', () => {
  // the fields of forms that name their fields with the `field.<name>` texts (no `label` option)
  const named = sources(SRC)
    .map((file) => ({ file: relative(SRC, file), text: readFileSync(file, 'utf8') }))
    .filter(({ text }) => /useForm\(/.test(text) && !/\blabel: \(/.test(text))
    .flatMap(({ file, text }) =>
      [...text.matchAll(/\b(?:field|errorOf)\('([a-z_]+)'\)/g)].map((m) => ({ file, name: m[1] as string })),
    );

  it('are found', () => expect(named.length).toBeGreaterThan(20));

  it.each(['nb', 'en'] as const)('have a text in %s for every field they show', (lng) => {
    const field = resources[lng].translation.field as Record<string, string>;
    expect(named.filter(({ name }) => !(name in field)).map(({ file, name }) => `${file}: ${name}`)).toEqual([]);
  });
});
