/**
 * Keeps the measured results in bench/README.md current: after a benchmark ran, the Markdown
 * tables it printed replace what stands between its markers (`<!-- results:<name> -->` and
 * `<!-- /results:<name> -->`), under a line saying when and on what machine, read from its
 * JSON result. A benchmark that printed no table (it failed to run) leaves its results as they were.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESULTS, ROOT } from './lib.ts';

const README = join(ROOT, 'bench', 'README.md');

/** Each run of consecutive lines that start with `|`: the tables a benchmark printed. */
export function tablesIn(output: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colours are stripped
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const tables: string[][] = [];
  let current: string[] = [];
  for (const line of [...lines, '']) {
    if (line.startsWith('|')) current.push(line.trimEnd());
    else if (current.length) {
      tables.push(current);
      current = [];
    }
  }
  // a heading, its rule and at least one row
  return tables.filter((t) => t.length >= 3).map((t) => t.join('\n'));
}

/** When and where the run happened, from the benchmark's JSON result. */
function ranOn(name: string): string {
  const file = join(RESULTS, `${name}.json`);
  if (!existsSync(file)) return 'Last run:';
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    date?: string;
    node?: string;
    cpus?: number;
    cpu?: string;
    cpu_model?: string;
    load_average?: number;
  };
  const cpu = [
    r.cpus && `${r.cpus} CPUs`,
    r.cpu ?? r.cpu_model,
    r.load_average !== undefined && `load average ${r.load_average} at the end`,
  ]
    .filter(Boolean)
    .join(', ');
  return `Last run ${r.date?.slice(0, 10) ?? ''} (Node ${r.node ?? '?'}${cpu ? `, ${cpu}` : ''}), written by \`npm run bench -- ${name}\`:`;
}

/** The readme with `name`'s results (`heading`, then the tables) between its markers, or a new section at the end. */
export function withResults(readme: string, name: string, heading: string, tables: string[]): string {
  const start = `<!-- results:${name} -->`;
  const end = `<!-- /results:${name} -->`;
  const section = `${start}\n${heading}\n\n${tables.join('\n\n')}\n${end}`;
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  return from >= 0 && to > from
    ? `${readme.slice(0, from)}${section}${readme.slice(to + end.length)}`
    : `${readme.trimEnd()}\n\n## Results: ${name}\n\n${section}\n`;
}

/** Writes the run's tables into bench/README.md; answers whether there was anything to write. */
export function refreshReadme(name: string, output: string): boolean {
  const tables = tablesIn(output);
  if (!tables.length) return false;
  const readme = existsSync(README) ? readFileSync(README, 'utf8') : '# Benchmarks\n';
  writeFileSync(README, withResults(readme, name, ranOn(name), tables));
  return true;
}
