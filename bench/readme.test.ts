import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tablesIn, withResults } from './readme.ts';

const printed = [
  'done: embedded, 1000 connections',
  '\x1b[1m| a | b |\x1b[0m',
  '|---|---:|',
  '| x | 1 |',
  '',
  'goal missed',
  '| only a heading |',
  '| c |',
  '|---|',
  '| y |',
].join('\n');

describe('the README results', () => {
  it('takes each printed table (a heading, its rule and rows), without terminal colours', () => {
    expect(tablesIn(printed)).toEqual(['| a | b |\n|---|---:|\n| x | 1 |', '| only a heading |\n| c |\n|---|\n| y |']);
    expect(tablesIn('no table here\n| one line |')).toEqual([]);
  });

  it("replaces what stands between a benchmark's markers and nothing else", () => {
    const readme = [
      '# Benchmarks',
      '<!-- results:api -->',
      'old api',
      '<!-- /results:api -->',
      'prose',
      '<!-- results:realtime -->',
      'old realtime',
      '<!-- /results:realtime -->',
      'more prose',
    ].join('\n');
    const updated = withResults(readme, 'realtime', 'Last run today:', ['| t |\n|---|\n| 1 |']);
    expect(updated).toBe(
      [
        '# Benchmarks',
        '<!-- results:api -->',
        'old api',
        '<!-- /results:api -->',
        'prose',
        '<!-- results:realtime -->',
        'Last run today:',
        '',
        '| t |\n|---|\n| 1 |',
        '<!-- /results:realtime -->',
        'more prose',
      ].join('\n'),
    );
    // a second run replaces the first's results, not adds to them
    expect(withResults(updated, 'realtime', 'Last run later:', ['| u |\n|---|\n| 2 |'])).not.toContain('| t |');
  });

  it('adds a section for a benchmark without markers', () => {
    expect(withResults('# Benchmarks\n', 'bundle', 'Last run:', ['| t |\n|---|\n| 1 |'])).toBe(
      '# Benchmarks\n\n## Results: bundle\n\n<!-- results:bundle -->\nLast run:\n\n| t |\n|---|\n| 1 |\n<!-- /results:bundle -->\n',
    );
  });

  it('the README has a pair of markers for every benchmark the runner knows', () => {
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    for (const name of ['realtime', 'api', 'bundle', 'lighthouse']) {
      const from = readme.indexOf(`<!-- results:${name} -->`);
      expect(from, name).toBeGreaterThan(0);
      expect(readme.indexOf(`<!-- /results:${name} -->`), name).toBeGreaterThan(from);
    }
  });
});
