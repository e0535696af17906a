/** One Lighthouse run (mobile preset) on one page of a Chromium already open, cold cache. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse, { type RunnerResult } from 'lighthouse';
import type { Browser } from 'puppeteer-core';

interface Audit {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  numericValue?: number;
}

export interface PageRun {
  performance: number;
  accessibility: number;
  metrics: { fcp_ms?: number; lcp_ms?: number; tbt_ms?: number; cls?: number; si_ms?: number };
  failing: { category: string; audits: { id: string; title: string; value?: string }[] }[];
}

/** Logged in as the app itself would be: the HttpOnly session cookie and `logged_in` (SPEC §6). */
export async function audit(browser: Browser, chromePort: number, url: string, token: string): Promise<PageRun> {
  const page = await browser.newPage();
  await browser.setCookie(
    { name: 'token', value: token, domain: '127.0.0.1', path: '/', sameSite: 'Lax', httpOnly: true },
    { name: 'logged_in', value: '1', domain: '127.0.0.1', path: '/', sameSite: 'Lax' },
  );
  // Lighthouse's own reset before each run: the HTTP cache, and the origin's service worker and
  // Cache Storage (the app's worker kept every built asset of the run before), but not the
  // cookies, so each run is a logged-in player's first load. A trace that Chromium failed to
  // record (NO_NAVSTART and the like) is retried.
  let run: RunnerResult | undefined;
  for (let attempt = 1; attempt <= 3; attempt++) {
    run = await lighthouse(
      url,
      { port: chromePort, logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility'] },
      undefined,
      page,
    );
    if (run && !run.lhr.runtimeError) break;
    console.error(`[lighthouse] ${url}: ${run?.lhr.runtimeError?.code ?? 'no result'}, again (${attempt})`);
  }
  await page.close();
  if (!run) throw new Error(`lighthouse gave no result for ${url}`);
  const lhr = run.lhr;
  // the whole report (every audit, the network waterfall), and the trace and network log that
  // Lighthouse's simulation ran on, when asked: to find out why
  const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (reports) {
    const name = join(reports, `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}`);
    writeFileSync(`${name}.json`, JSON.stringify(lhr));
    writeFileSync(
      `${name}.trace.json`,
      JSON.stringify({
        url: lhr.finalDisplayedUrl,
        settings: lhr.configSettings,
        trace: run.artifacts.Trace,
        devtoolsLog: run.artifacts.DevtoolsLog,
      }),
    );
  }
  const audits = lhr.audits as Record<string, Audit>;
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const failing = (['performance', 'accessibility'] as const).map((category) => ({
    category,
    audits: (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => audits[ref.id]!)
      .filter((a) => a.score !== null && a.score < 0.9)
      .map((a) => ({ id: a.id, title: a.title, ...(a.displayValue ? { value: a.displayValue } : {}) })),
  }));
  return {
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
  };
}
