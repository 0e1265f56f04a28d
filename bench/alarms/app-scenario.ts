import { loadavg } from 'node:os';
import { inboxQueries } from './inbox-queries';
import { raisedToInbox, type LoadFigures } from './raised-to-inbox';

const INBOX_TARGET_MS = 100;
const RAISED_TARGET_MS = 300;
const f = (n: number, digits = 1): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const say = (line: string): void => void process.stdout.write(`${line}\n`);

/** bench:alarms --app: the inbox's two targets (docs/architecture.md "Alarms"), each against its same-run baseline. */
export async function appScenario(): Promise<void> {
  say(
    '  Inbox with 100,000 stored alarms (median of 7 runs each; baseline: the same file without the indexes)',
  );
  const inbox = inboxQueries(say);
  const rows = [
    {
      name: 'open (summary counts + first page)',
      indexedMs: inbox.open.indexedMs,
      baselineMs: inbox.open.baselineMs,
      total: null,
    },
    ...inbox.queries,
  ];
  for (const r of rows)
    say(
      `  ${r.name.padEnd(42)} ${f(r.indexedMs).padStart(7)} ms   baseline ${f(r.baselineMs).padStart(7)} ms   ×${f(r.baselineMs / r.indexedMs).padStart(6)}${r.total === null ? '' : `   (${r.total.toLocaleString('en-US')} match)`}`,
    );
  const worst = Math.max(...rows.map((r) => r.indexedMs));
  say(
    `  (opening the cache file itself, integrity check of the whole file included: ${f(inbox.file.indexedMs)} ms; without the inbox's indexes ${f(inbox.file.baselineMs)} ms)`,
  );
  say(
    `  ${worst < INBOX_TARGET_MS ? 'PASS' : 'FAIL'}: slowest ${f(worst)} ms < ${INBOX_TARGET_MS} ms   (load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' / ')})`,
  );
  if (worst >= INBOX_TARGET_MS) process.exitCode = 1;

  say('');
  say(
    '  Raised in the service → pushed by the core, 10,000 live assets every 2 s (service in a child process)',
  );
  const raised = await raisedToInbox(say);
  const line = (name: string, r: LoadFigures): void => {
    say(`  ${name}: ${r.alarms.toLocaleString('en-US')} alarms timed`);
    say(
      `    core (pusher-js, parse, SQLite inbox, push): p50 ${f(r.p50, 0)} ms  p95 ${f(r.p95, 0)} ms  p99 ${f(r.p99, 0)} ms  max ${f(r.max, 0)} ms`,
    );
    say(
      `    baseline (bare pusher-js client, JSON only): p50 ${f(r.baselineP50, 0)} ms  p95 ${f(r.baselineP95, 0)} ms  (${r.baselineAlarms.toLocaleString('en-US')} alarms)`,
    );
    say(
      `    core p95 − baseline p95: ${f(r.p95 - r.baselineP95, 0)} ms; ratio ${f(r.p95 / Math.max(1, r.baselineP95))}×`,
    );
  };
  line('steady', raised.steady);
  line('burst', raised.burst);
  const ok = raised.steady.alarms > 0 && raised.steady.p95 < RAISED_TARGET_MS;
  say(
    `  ${ok ? 'PASS' : 'FAIL'}: steady p95 ${f(raised.steady.p95, 0)} ms < ${RAISED_TARGET_MS} ms   (load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' / ')})`,
  );
  if (!ok) process.exitCode = 1;
}
