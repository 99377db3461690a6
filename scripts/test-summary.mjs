// Sums the vitest JSON reports of every workspace package and prints the plain closing line
// "tests: N passed, N failed" that CI reads. A test file that fails to load (a syntax error, a
// missing import, a missing file) has no tests in the report but counts as one failure here.
// Exits 1 when a report is missing, any test or test file failed, or nothing passed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const packages = ['specs', 'packages/types', 'packages/mock-server', 'packages/conformance', 'packages/clients-suite'];
let passed = 0;
let failed = 0;
let skipped = 0;
let missing = 0;
const brokenFiles = [];
for (const p of packages) {
  const file = join(p, 'test-results', 'vitest.json');
  if (!existsSync(file)) {
    console.error(`no test report at ${file}`);
    missing += 1;
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  for (const suite of r.testResults ?? []) {
    // A file whose suite failed without any failed test in it did not load or failed outside a test.
    const failedInside = (suite.assertionResults ?? []).some((a) => a.status === 'failed');
    if (suite.status === 'failed' && !failedInside) brokenFiles.push(`${p}: ${suite.name}: ${String(suite.message ?? '').split('\n')[0]}`);
  }
  if ((r.numFailedTestSuites ?? 0) > 0 && brokenFiles.length === 0 && (r.numFailedTests ?? 0) === 0) {
    brokenFiles.push(`${p}: ${r.numFailedTestSuites} test file(s) failed`);
  }
}
for (const b of brokenFiles) console.error(`test file failed to run: ${b}`);
failed += brokenFiles.length;
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || missing > 0 || passed === 0 ? 1 : 0);
