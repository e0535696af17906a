// Sums the JSON reports of Vitest and Playwright into one plain closing line
// ('N passed, N failed') and checks that required tests really ran (not skipped).
import { existsSync, readFileSync } from 'node:fs';

const required = process.argv.flatMap((arg, i, all) => (arg === '--require' ? [all[i + 1]] : []));
let passed = 0;
let failed = 0;
let skipped = 0;
const passedTitles = new Set();
/** what failed, named at the end, where a reader of the run's last lines sees it */
const failedNames = [];

const vitest = 'test-results/vitest.json';
if (existsSync(vitest)) {
  const report = JSON.parse(readFileSync(vitest, 'utf8'));
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'passed') {
        passed++;
        passedTitles.add(test.title);
      } else if (test.status === 'failed') {
        failed++;
        failedNames.push(`${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName ?? test.title}`);
      } else skipped++;
    }
  }
} else {
  console.error('no Vitest report: the unit and integration suites did not run');
  failed++;
}

const playwright = 'test-results/playwright.json';
if (existsSync(playwright)) {
  const report = JSON.parse(readFileSync(playwright, 'utf8'));
  const stats = report.stats ?? {};
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected')
          failedNames.push(`${[...path, spec.title].join(' › ')} [${test.projectName}]`);
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
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
for (const name of failedNames) console.error(`failed: ${name}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok && failed === 0 ? 0 : 1);
