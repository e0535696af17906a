import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LIVE_EVENTS } from '@club/shared/live-events';
import { describe, expect, it } from 'vitest';
import { ANSWER_NAMES, findSchema } from './schema-registry.ts';

const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the schemas the checks know by name', () => {
  it('know every live event, the snapshot, and no other name', () => {
    for (const event of LIVE_EVENTS) expect(findSchema(`event:${event}`), event).toBeDefined();
    expect(findSchema('snapshot')).toBeDefined();
    expect(findSchema('event:toString' as never)).toBeUndefined();
    expect(findSchema('answer:nothing')).toBeUndefined();
  });

  it('know the schema of every lazySchema call by its name: the worker checks those answers', () => {
    const calls = sources(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/lazySchema\(\s*\(\) => import\('[^']+'\),\s*'(\w+)'\)/g)].map(
        (match) => ({ file: relative(SRC, file), name: match[1] ?? '' }),
      ),
    );
    expect(calls.length).toBeGreaterThan(20);
    const unknown = calls.filter(({ name }) => !ANSWER_NAMES.includes(name));
    expect(unknown).toEqual([]);
  });
});
