/**
 * Lighthouse: the mobile preset (simulated slow 4G, 4× CPU slowdown) in
 * Debian's headless Chromium, on `/`, `/table/{id}` and `/tv` of the built app served by
 * main.ts with the demo club, logged in as the demo player (the token cookie, as the app
 * sets it), cold cache each time. Goals: performance ≥ 95, accessibility 100.
 * Baseline in the same run: a static page of comparable text and the app's stylesheet, no
 * script, served by the same server with the same headers — what the network and the
 * machine allow at best.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { freePort, machine, sleep, startScript, stopChild, table, waitHttp, webDist, writeResult } from './lib.ts';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const GOALS = { performance: 95, accessibility: 100 };
const PLAYER = { email: 'spiller@cueclub.demo', password: 'klubb-spiller' };

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

interface Audit {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
}
interface PageResult {
  page: string;
  performance: number;
  accessibility: number;
  metrics: Record<string, number | undefined>;
  failing: { category: string; audits: { id: string; title: string; value?: string }[] }[];
}

async function main() {
  if (!existsSync(CHROME)) throw new Error(`no Chromium at ${CHROME} (apt-get install chromium, or set CHROME_PATH)`);
  const dist = webDist();
  const staticPath = writeStaticPage(dist);
  if (process.env.BENCH_LIGHTHOUSE_REPORTS) mkdirSync(process.env.BENCH_LIGHTHOUSE_REPORTS, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startScript('main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    DEMO: '1',
    // not 'production': that refuses the demo club and the plain-http address measured here
    NODE_ENV: 'test',
    PUBLIC_URL: base,
    WEB_DIST: dist,
    AUTH_RATE_LIMIT: '1000',
  });
  await waitHttp(`${base}/v1/health`);

  const login = (await (
    await fetch(`${base}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(PLAYER),
    })
  ).json()) as { token: string };
  const tables = (await (await fetch(`${base}/v1/table/all`)).json()) as { data: { id: number }[] };
  const tableId = tables.data[0]?.id;
  if (!tableId) throw new Error('the demo club has no tables');

  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const results: PageResult[] = [];
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const pages = [staticPath, '/', `/table/${tableId}`, '/tv'];
    for (const path of pages) {
      console.error(`[lighthouse] ${path}…`);
      const page = await browser.newPage();
      // logged in as the app itself would be: the HttpOnly session cookie and `logged_in` (SPEC §6)
      await browser.setCookie(
        { name: 'token', value: login.token, domain: '127.0.0.1', path: '/', sameSite: 'Lax', httpOnly: true },
        { name: 'logged_in', value: '1', domain: '127.0.0.1', path: '/', sameSite: 'Lax' },
      );
      // storage stays (the cookie), but the cache must be cold like a first visit
      const cdp = await page.createCDPSession();
      // a trace that Chromium failed to record (NO_NAVSTART and the like) is retried
      let lhr: Result | undefined;
      for (let attempt = 1; attempt <= 3; attempt++) {
        await cdp.send('Network.clearBrowserCache');
        const run = await lighthouse(
          `${base}${path}`,
          {
            port: chrome.port,
            logLevel: 'error',
            output: 'json',
            onlyCategories: ['performance', 'accessibility'],
            disableStorageReset: true,
          },
          undefined,
          page,
        );
        lhr = run?.lhr;
        if (lhr && !lhr.runtimeError) break;
        console.error(`[lighthouse] ${path}: ${lhr?.runtimeError?.code ?? 'no result'}, again (${attempt})`);
      }
      await page.close();
      if (!lhr) throw new Error(`lighthouse gave no result for ${path}`);
      // the whole report (every audit, the network waterfall) when asked, to find out why
      if (process.env.BENCH_LIGHTHOUSE_REPORTS)
        writeFileSync(
          join(process.env.BENCH_LIGHTHOUSE_REPORTS, `${path.replace(/\W+/g, '_') || 'root'}.json`),
          JSON.stringify(lhr),
        );
      const audits = lhr.audits as Record<string, Audit & { numericValue?: number }>;
      const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      const failing = (['performance', 'accessibility'] as const).map((category) => ({
        category,
        audits: (lhr.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .map((ref) => audits[ref.id]!)
          .filter((a) => a.score !== null && a.score < 0.9)
          .map((a) => ({ id: a.id, title: a.title, ...(a.displayValue ? { value: a.displayValue } : {}) })),
      }));
      results.push({
        page: path === staticPath ? 'static page (baseline)' : path.replace(String(tableId), '{id}'),
        performance: score('performance'),
        accessibility: score('accessibility'),
        metrics: {
          fcp_ms: audits['first-contentful-paint']?.numericValue,
          lcp_ms: audits['largest-contentful-paint']?.numericValue,
          tbt_ms: audits['total-blocking-time']?.numericValue,
          cls: audits['cumulative-layout-shift']?.numericValue,
          si_ms: audits['speed-index']?.numericValue,
        },
        failing: failing.filter((f) => f.audits.length),
      });
      await sleep(500);
    }
    await browser.disconnect();
  } finally {
    await chrome.kill();
    await stopChild(server);
  }

  const path = writeResult('lighthouse', {
    ...machine(),
    note: 'Lighthouse mobile preset (simulated throttling), Debian Chromium headless, cold cache, logged in as the demo player; baseline = a static page of comparable text with the app’s CSS and no script, served by the same server',
    goals: GOALS,
    chromium: CHROME,
    results,
  });
  const [baseline, ...app] = results;
  const ms = (n: number | undefined) => (n === undefined ? '–' : Math.round(n));
  console.log('\nLighthouse, mobile preset (scores 0–100; ms as simulated on slow 4G)\n');
  console.log(
    table(
      ['page', 'performance', 'accessibility', 'FCP', 'LCP', 'TBT', 'CLS', 'goals (≥ 95, 100)'],
      results.map((r) => [
        r.page === baseline!.page ? r.page : `\`${r.page}\``,
        r.performance,
        r.accessibility,
        ms(r.metrics.fcp_ms),
        ms(r.metrics.lcp_ms),
        ms(r.metrics.tbt_ms),
        r.metrics.cls === undefined ? '–' : r.metrics.cls.toFixed(3),
        r === baseline
          ? 'baseline'
          : r.performance >= GOALS.performance && r.accessibility >= GOALS.accessibility
            ? '✓'
            : '✗',
      ]),
    ),
  );
  console.log(`\n${path}`);
  const missed = app.filter((r) => r.performance < GOALS.performance || r.accessibility < GOALS.accessibility);
  for (const r of missed)
    for (const f of r.failing)
      console.log(
        `${r.page} ${f.category}: ${f.audits.map((a) => `${a.id}${a.value ? ` (${a.value})` : ''}`).join(', ')}`,
      );
  if (missed.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
