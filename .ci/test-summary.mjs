// The end of .ci/run: why `npm test` failed, one reason a line, then the last line "N passed, N failed",
// counting tests (a test that failed is one failure, however many files and exit codes it shows up in).
// Usage: node .ci/test-summary.mjs <npm test exit code> <its output> <vitest's JSON report>
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const [code, logPath, reportPath] = process.argv.slice(2);
const exitCode = Number(code);
const log = existsSync(logPath) ? readFileSync(logPath, 'utf8') : '';
const reasons = [];
let passed = 0;
let failed = 0;

if (existsSync(reportPath)) {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  passed = report.numPassedTests;
  failed = report.numFailedTests;
  if (failed > 0) reasons.push(`${failed} ${failed === 1 ? 'test' : 'tests'} failed`);
  for (const file of report.testResults) {
    if (file.status !== 'failed') continue;
    const name = relative(process.cwd(), file.name);
    const message = (file.message ?? '').split('\n')[0];
    const notRun = file.assertionResults.filter((t) => t.status === 'pending' || t.status === 'skipped');
    if (file.assertionResults.length === 0) reasons.push(`${name} failed to load: ${message}`);
    else if (message && notRun.length > 0)
      reasons.push(`${name}: a hook failed, so ${notRun.length} of its tests did not run: ${message}`);
    else if (message) reasons.push(`${name}: ${message}`);
  }
  // Vitest's own banner, not a test's log line that happens to say "Unhandled Error".
  if (/Vitest caught \d+ unhandled errors?/i.test(log))
    reasons.push('vitest caught errors outside any test (see "Unhandled Errors" above)');
} else if (exitCode !== 0) {
  // npm prints "> package@version script" as each script starts: the last one is the step that failed.
  const steps = [...log.matchAll(/^> \S+@\S+ (\S+)$/gm)].map((m) => m[1]);
  const step = steps.at(-1);
  const named = { lint: 'lint failed', typecheck: 'type-check failed' };
  reasons.push(
    `${named[step] ?? (step ? `npm run ${step} failed` : 'npm test failed')}, so the tests did not run (see above)`,
  );
}
if (exitCode !== 0 && reasons.length === 0) reasons.push(`npm test exited with code ${exitCode} (see above)`);

if (exitCode !== 0) for (const reason of reasons) console.log(`ci: ${reason}`);
console.log(`${passed} passed, ${failed} failed`);
