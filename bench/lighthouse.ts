/**
 * Lighthouse: the mobile preset (simulated slow 4G, 4× CPU slowdown) in Debian's headless
 * Chromium, on `/`, `/table/{id}` and `/tv` of the built app served by main.ts with the demo
 * club, logged in as the demo player, BENCH_LIGHTHOUSE_RUNS runs each (3): quiet, then busy,
 * while the club evening (`evening-load.ts`) plays in the background. Each run is a first load:
 * Lighthouse empties the HTTP cache and the origin's service worker and Cache Storage before it,
 * and keeps the login cookie. The phone reaches the club as it does in production, over HTTPS
 * and HTTP/2 through a TLS terminator (`tls-terminator.ts`, nginx).
 * Goals: performance ≥ 95 on every run, accessibility 100, the TV's layout shift under 0.01.
 * Baseline in the same run and conditions: a static page of comparable text and the app's
 * stylesheet, no script, served the same way — what the network and the machine allow at best.
 * The browser runs on a CPU of its own, as a phone would, and as a user (`phone-cpu.ts`).
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import {
  freePort,
  lowestPriority,
  machine,
  sleep,
  startScript,
  stopChild,
  table,
  waitHttp,
  webDist,
  writeResult,
} from './lib.ts';
import { audit, type PageRun } from './lighthouse-audit.ts';
import { phoneCpu } from './phone-cpu.ts';
import { startTlsTerminator } from './tls-terminator.ts';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** the TV's cards keep their size as data arrives: its layout shift stays under `tv_cls` */
const GOALS = { performance: 95, accessibility: 100, tv_cls: 0.01 };
const PLAYER = { email: 'spiller@cueclub.demo', password: 'klubb-spiller' };
const ADMIN = { email: 'bench-admin@club.test', password: 'bench-admin-password' };
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
type Condition = 'quiet' | 'busy';
const CONDITIONS = (process.env.BENCH_LIGHTHOUSE_CONDITIONS ?? 'quiet,busy').split(',').filter(Boolean) as Condition[];

/** The baseline page: headings, a list and buttons as text, the app's CSS, no JS. */
function writeStaticPage(dist: string): string {
  const css = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.css'));
  const rows = Array.from(
    { length: 8 },
    (_, i) =>
      `<li><h2>Bord ${i + 1}</h2><p>${i % 3 ? 'Ledig' : 'Spilles nå · 2 spillere · 34 min'}</p><a class="button" href="/table/${i + 1}">Bli med</a></li>`,
  ).join('');
  const html = `<!doctype html><html lang="nb" data-theme="dark"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Cue Club</title>${css.map((f) => `<link rel="stylesheet" href="/assets/${f}">`).join('')}</head><body><main class="main"><div class="page"><h1>Bord</h1><p>Velg et ledig bord og trykk «Bli med» for å starte et spill. Tiden går til du går fra bordet.</p><ul>${rows}</ul></div></main></body></html>`;
  writeFileSync(join(dist, 'bench-static.html'), html);
  return '/bench-static.html';
}

interface PageResult {
  page: string;
  condition: Condition;
  runs: PageRun[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const metGoals = (r: PageResult) =>
  r.runs.every(
    (run) =>
      run.performance >= GOALS.performance &&
      run.accessibility >= GOALS.accessibility &&
      (r.page !== '/tv' || (run.metrics.cls ?? 0) < GOALS.tv_cls),
  );

/** The club evening played against the server until stopped; resolves once its first rounds run. */
async function startEvening(base: string) {
  const evening = startScript(
    'bench/evening-load.ts',
    {
      URL: base,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    [],
    { session: 'own' },
  );
  lowestPriority({ pid: evening.pid });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    evening.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('EVENING_UNDER_WAY')) resolve();
    });
    evening.once('exit', (code) => reject(new Error(`the club evening stopped before it played (${code})`)));
  });
  return evening;
}

async function main() {
  if (!existsSync(CHROME)) throw new Error(`no Chromium at ${CHROME} (apt-get install chromium, or set CHROME_PATH)`);
  const dist = webDist();
  // before the server and the evening start: they inherit the club's CPUs
  const phone = phoneCpu(CHROME);
  console.error(`[lighthouse] ${phone.note}`);
  const staticPath = writeStaticPage(dist);
  if (process.env.BENCH_LIGHTHOUSE_REPORTS) mkdirSync(process.env.BENCH_LIGHTHOUSE_REPORTS, { recursive: true });
  const port = await freePort();
  // the club's own address (the evening, the logins); the phone comes through the TLS terminator
  const direct = `http://127.0.0.1:${port}`;
  const tls = await startTlsTerminator(port);
  const base = tls.url;
  const server = startScript(
    'main.ts',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      DEMO: '1',
      // not 'production': that refuses the demo club and the plain-http address measured here
      NODE_ENV: 'test',
      PUBLIC_URL: base,
      TRUST_PROXY: '1',
      WEB_DIST: dist,
      AUTH_RATE_LIMIT: '100000',
      // the evening's staff, and its clock that makes hours pass in seconds
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TEST_CLOCK: '1',
    },
    [],
    { session: 'own' },
  );
  lowestPriority({ pid: server.pid });
  await waitHttp(`${direct}/v1/health`);
  const tables = (await (await fetch(`${direct}/v1/table/all`)).json()) as { data: { id: number }[] };
  const tableId = tables.data[0]?.id;
  if (!tableId) throw new Error('the demo club has no tables');
  // logged in afresh for each run: the evening moves the club's clock on by a day every few
  // seconds, and holds it while a page is measured (the login lasts one day of that clock)
  const login = async () =>
    (
      (await (
        await fetch(`${direct}/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(PLAYER),
        })
      ).json()) as { token: string }
    ).token;

  const chrome = await chromeLauncher.launch({
    chromePath: phone.chromePath,
    ...(phone.userDataDir ? { userDataDir: phone.userDataDir } : {}),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', tls.chromeFlag],
  });
  const results: PageResult[] = [];
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    for (const condition of CONDITIONS) {
      const evening = condition === 'busy' ? await startEvening(direct) : undefined;
      try {
        for (const path of [staticPath, '/', `/table/${tableId}`, '/tv']) {
          const result: PageResult = {
            page: path === staticPath ? 'static page (baseline)' : path.replace(String(tableId), '{id}'),
            condition,
            runs: [],
          };
          for (let run = 1; run <= RUNS; run++) {
            console.error(`[lighthouse] ${condition} ${path} (${run}/${RUNS})…`);
            evening?.kill('SIGUSR1');
            // a clock move already asked for lands before the login
            if (evening) await sleep(200);
            result.runs.push(await audit(browser, chrome.port, `${base}${path}`, await login()));
            evening?.kill('SIGUSR2');
            await sleep(500);
          }
          results.push(result);
        }
      } finally {
        if (evening) await stopChild(evening);
      }
    }
    await browser.disconnect();
  } finally {
    await chrome.kill();
    if (phone.userDataDir) rmSync(dirname(phone.userDataDir), { recursive: true, force: true });
    await tls.stop();
    await stopChild(server);
  }
  report(results, phone.note);
}

function report(results: PageResult[], cpus: string) {
  const path = writeResult('lighthouse', {
    ...machine(),
    note: `Lighthouse mobile preset (simulated throttling), Debian Chromium headless, over HTTPS and HTTP/2 (nginx), cold cache and no service worker, logged in as the demo player, ${RUNS} runs a page; quiet, and busy while the club evening (tests/sim/evening.ts) plays against the same server; baseline = a static page of comparable text with the app’s CSS and no script, served by the same server`,
    goals: GOALS,
    chromium: CHROME,
    phone: cpus,
    results,
  });
  const ms = (values: (number | undefined)[]) => {
    const known = values.filter((v): v is number => v !== undefined);
    return known.length ? Math.round(median(known)) : '–';
  };
  console.log(
    `\nLighthouse, mobile preset (scores 0–100; ms as simulated on slow 4G; medians of ${RUNS} runs; ${cpus})\n`,
  );
  console.log(
    table(
      [
        'page',
        'club',
        'performance (each run)',
        'accessibility',
        'FCP',
        'LCP',
        'TBT',
        'CLS (worst run)',
        'goals (≥ 95 every run, 100; TV CLS < 0.01)',
      ],
      results.map((r) => {
        const baseline = r.page.startsWith('static');
        const cls = r.runs.map((run) => run.metrics.cls).filter((c): c is number => c !== undefined);
        return [
          baseline ? r.page : `\`${r.page}\``,
          r.condition,
          `${median(r.runs.map((run) => run.performance))} (${r.runs.map((run) => run.performance).join(', ')})`,
          Math.min(...r.runs.map((run) => run.accessibility)),
          ms(r.runs.map((run) => run.metrics.fcp_ms)),
          ms(r.runs.map((run) => run.metrics.lcp_ms)),
          ms(r.runs.map((run) => run.metrics.tbt_ms)),
          cls.length ? Math.max(...cls).toFixed(3) : '–',
          baseline ? 'baseline' : metGoals(r) ? '✓' : '✗',
        ];
      }),
      ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
  );
  for (const tv of results.filter((r) => r.page === '/tv'))
    console.log(
      `\nThe TV's layout shift (CLS), ${tv.condition}: ${tv.runs.map((run) => run.metrics.cls?.toFixed(3) ?? '–').join(', ')} (goal: under ${GOALS.tv_cls})`,
    );
  console.log(`\n${path}`);
  const missed = results.filter((r) => !r.page.startsWith('static') && !metGoals(r));
  for (const r of missed)
    for (const f of r.runs.flatMap((run) => run.failing))
      console.log(
        `${r.page} (${r.condition}) ${f.category}: ${f.audits.map((a) => `${a.id}${a.value ? ` (${a.value})` : ''}`).join(', ')}`,
      );
  if (missed.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
