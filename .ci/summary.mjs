// Sums the JSON reports of Vitest and Playwright into one plain closing line
// ('N passed, N failed') and checks that required tests really ran (not skipped).
import { existsSync, readFileSync } from 'node:fs';

const required = process.argv.flatMap((arg, i, all) => (arg === '--require' ? [all[i + 1]] : []));
let passed = 0;
let failed = 0;
let skipped = 0;
const passedTitles = new Set();

const vitest = 'test-results/vitest.json';
if (existsSync(vitest)) {
  const report = JSON.parse(readFileSync(vitest, 'utf8'));
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'passed') {
        passed++;
        passedTitles.add(test.title);
      } else if (test.status === 'failed') failed++;
      else skipped++;
    }
  }
} else {
  console.error('no Vitest report: the unit and integration suites did not run');
  failed++;
}

const playwright = 'test-results/playwright.json';
if (existsSync(playwright)) {
  const stats = JSON.parse(readFileSync(playwright, 'utf8')).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
}

let ok = true;
for (const title of required) {
  if (!passedTitles.has(title)) {
    console.error(`required test did not pass: '${title}'`);
    ok = false;
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok && failed === 0 ? 0 : 1);
