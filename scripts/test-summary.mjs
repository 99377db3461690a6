// Sums the vitest JSON reports of every workspace package and prints the plain closing line
// "tests: N passed, N failed" that CI reads. Exits 1 when a report is missing or any test failed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const packages = ['specs', 'packages/types', 'packages/mock-server', 'packages/conformance'];
let passed = 0;
let failed = 0;
let skipped = 0;
let missing = 0;
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
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || missing > 0 || passed === 0 ? 1 : 0);
