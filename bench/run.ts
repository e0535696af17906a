/**
 * `npm run bench [-- name…]` (not part of `npm test`): runs each benchmark
 * as its own process, one after the other so they do not load the machine for each other,
 * each printing its table with the baseline it measured in the same run and writing
 * bench/results/<name>.json; the tables it printed go into bench/README.md. Choose some by
 * name in argv or BENCH=api,bundle. A benchmark that misses its goal exits non-zero; the
 * runner still runs the rest and then fails.
 */
import { spawn } from 'node:child_process';
import { ROOT, webDist } from './lib.ts';
import { refreshReadme } from './readme.ts';

interface Bench {
  name: string;
  what: string;
  command: string[];
  web?: boolean;
}

const BENCHES: Bench[] = [
  {
    name: 'realtime',
    what: 'gateway fan-out vs bare Socket.IO (1000 to 20 000 connections), and 3 gateways on PostgreSQL',
    // a server holds one file per socket: raise the open-file limit where the shell allows
    command: ['sh', '-c', `ulimit -n 20000 2>/dev/null; exec "${process.execPath}" --import tsx bench/realtime.ts`],
  },
  {
    name: 'api',
    what: 'kiosk API under 200 concurrent players vs bare Hono + Drizzle',
    command: [process.execPath, '--import', 'tsx', 'bench/api.ts'],
  },
  {
    name: 'bundle',
    what: 'gzip kB to the first render of /table/{id} and /tv vs a bare React page',
    command: [process.execPath, '--import', 'tsx', 'bench/bundle.ts'],
    web: true,
  },
  {
    name: 'devices',
    what: 'table lights over Mosquitto: 50 tables switched, command → confirmed, a broker restart',
    command: [process.execPath, '--import', 'tsx', 'bench/devices.ts'],
  },
  {
    name: 'lighthouse',
    what: 'Lighthouse (mobile, Chromium) on /, /table/{id}, /tv vs a static page, quiet and during a club evening',
    command: [process.execPath, '--import', 'tsx', 'bench/lighthouse.ts'],
    web: true,
  },
];

function chosen(): Bench[] {
  const names = [...process.argv.slice(2), ...(process.env.BENCH ?? '').split(',')]
    .map((s) => s.trim())
    .filter(Boolean);
  if (!names.length) return BENCHES;
  const unknown = names.filter((n) => !BENCHES.some((b) => b.name === n));
  if (unknown.length) {
    console.error(`unknown benchmark ${unknown.join(', ')}; choose from ${BENCHES.map((b) => b.name).join(', ')}`);
    process.exit(2);
  }
  return BENCHES.filter((b) => names.includes(b.name));
}

/** Runs one benchmark; what it prints goes to the terminal and is kept for its tables. */
function run(bench: Bench, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const [cmd, ...args] = bench.command;
    const child = spawn(cmd!, args, { cwd: ROOT, env, stdio: ['inherit', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      output += chunk.toString();
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

async function main() {
  const benches = chosen();
  // the product runs on Node 24 LTS; an older Node measures a slower runtime than it ships on
  // (its AsyncLocalStorage alone costs every promise a hook)
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 24)
    console.warn(`note: Node ${process.version} measures the kiosk on an older runtime than Node 24, which it runs on`);
  const env: NodeJS.ProcessEnv = { ...process.env };
  // one production build of the web app for every benchmark that needs it
  if (benches.some((b) => b.web)) {
    console.log('building the web app…');
    env.BENCH_WEB_DIST = webDist();
  }
  const outcome: { name: string; code: number; seconds: number; written: boolean }[] = [];
  for (const bench of benches) {
    console.log(`\n━━ ${bench.name}: ${bench.what}`);
    const started = Date.now();
    const { code, output } = await run(bench, env);
    const written = refreshReadme(bench.name, output);
    outcome.push({ name: bench.name, code, seconds: Math.round((Date.now() - started) / 1000), written });
  }
  console.log('\n━━ summary');
  for (const o of outcome)
    console.log(
      `${o.code === 0 ? 'ok  ' : 'FAIL'} ${o.name} (${o.seconds} s) → bench/results/${o.name}.json` +
        (o.written ? ', bench/README.md' : ''),
    );
  process.exit(outcome.some((o) => o.code !== 0) ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
