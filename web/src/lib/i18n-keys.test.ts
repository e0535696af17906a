import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { resources } from '@club/shared/i18n/resources';
import { describe, expect, it } from 'vitest';

/**
 * Every text key the web app names literally (`t('…')`, `i18n.t('…')`, `translate('…')`)
 * exists in both languages, so that no screen shows a raw key. Plural keys count when
 * their `_one`/`_other` forms exist.
 */
const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function has(tree: unknown, key: string): boolean {
  let node = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}

const KEY_CALL = /\b(?:t|translate)\(\s*['"]([a-z_]+(?:\.[a-z0-9_]+)+)['"]/g;

describe('text keys used by the web app', () => {
  const uses: { file: string; key: string }[] = [];
  for (const file of sourceFiles(SRC)) {
    for (const match of readFileSync(file, 'utf8').matchAll(KEY_CALL)) {
      uses.push({ file: relative(SRC, file), key: match[1] as string });
    }
  }

  it('finds the keys in the source', () => {
    expect(uses.length).toBeGreaterThan(100);
  });

  it.each(['nb', 'en'] as const)('all exist in %s', (lng) => {
    const tree = resources[lng].translation;
    const missing = uses.filter(
      ({ key }) => !has(tree, key) && !(has(tree, `${key}_one`) && has(tree, `${key}_other`)),
    );
    expect(missing.map((m) => `${m.file}: ${m.key}`)).toEqual([]);
  });
});
