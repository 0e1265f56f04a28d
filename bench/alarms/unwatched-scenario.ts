import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { readyLineSchema } from '../soak/protocol';
import { liveChannelClient } from '../support/live-channel-client';
import { rssBytesOf } from '../support/process-rss';
import { startServiceProcess } from '../support/service-process';

/**
 * bench:alarms --unwatched: the local service with a national fleet and nobody on its live channel (the app
 * closed, or between two reconnects). Its alarm engine still reads every vehicle's last seconds at every
 * tick; the live feed, which has no one to send to, reads nothing. Baseline, same run: the same service
 * with one pusher-js client on the account channel, which adds the live feed's reading, encoding and
 * sending of every vehicle's position. Target: the unwatched service costs less than the watched one, in
 * CPU and memory (docs/architecture.md "National fleets"). The service's own CPU time and RSS are read
 * from /proc (Linux), so the client's share is not in them.
 */
const FLEET = 50_000;
// A weekday's morning, when most of the demo fleet drives: the clock then runs at real speed.
const AT = '2026-03-10T08:30:00Z';
const WARM_MS = 120_000;
const WINDOW_MS = 60_000;
const procStat = z.tuple([z.coerce.number(), z.coerce.number()]);

interface Figures {
  readonly cpuPercent: number;
  readonly rssMb: number;
}

/** utime + stime of a process in clock ticks (proc(5): fields 14 and 15). */
function cpuTicksOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after it are counted from its closing ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime] = procStat.parse([fields[11], fields[12]]);
  return utime + stime;
}

async function measure(watched: boolean): Promise<Figures> {
  const { child, ready } = await startServiceProcess(
    ['--host', '127.0.0.1', '--fleet-size', String(FLEET), '--at', AT],
    readyLineSchema,
  );
  let received = 0;
  const operator = ready.users.find((u) => u.asset_ids === null);
  if (!operator) throw new Error('The local service named no operator.');
  const client = watched ? liveChannelClient(ready, operator.token) : null;
  client?.channel.bind_global(() => received++);
  try {
    await sleep(WARM_MS);
    const pid = child.pid;
    if (pid === undefined) throw new Error('The local service has no process id.');
    const before = cpuTicksOf(pid);
    const began = performance.now();
    await sleep(WINDOW_MS);
    // Linux counts process CPU time in USER_HZ ticks, 100 a second on every architecture it runs on.
    const cpuPercent = (cpuTicksOf(pid) - before) / ((performance.now() - began) / 1000);
    const rss = rssBytesOf(pid);
    if (rss === null) throw new Error('The local service exited during the measurement.');
    if (watched && received === 0) throw new Error('The watching client received no event.');
    return { cpuPercent, rssMb: rss / 1024 / 1024 };
  } finally {
    client?.pusher.disconnect();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

export async function unwatchedScenario(): Promise<void> {
  if (process.platform !== 'linux') {
    process.stdout.write('  skipped: the service process is measured through /proc (Linux only)\n');
    return;
  }
  const load = (): string => loadavg()[0]!.toFixed(1);
  process.stdout.write(
    `  ${FLEET.toLocaleString('en-US')} vehicles from ${AT}, ${WARM_MS / 1000} s warm-up, ` +
      `${WINDOW_MS / 1000} s measured, the service's own CPU time and RSS (load ${load()})\n`,
  );
  const watched = await measure(true);
  process.stdout.write(
    `  baseline, one client on the live channel: ${watched.cpuPercent.toFixed(1)} % of a core, ` +
      `RSS ${watched.rssMb.toFixed(0)} MB (load ${load()})\n`,
  );
  const unwatched = await measure(false);
  process.stdout.write(
    `  nobody on the live channel: ${unwatched.cpuPercent.toFixed(1)} % of a core, ` +
      `RSS ${unwatched.rssMb.toFixed(0)} MB (load ${load()})\n` +
      `  unwatched / watched: CPU ${(unwatched.cpuPercent / watched.cpuPercent).toFixed(2)}×, ` +
      `RSS ${(unwatched.rssMb / watched.rssMb).toFixed(2)}× (target: below 1 for both)\n`,
  );
  if (unwatched.cpuPercent >= watched.cpuPercent || unwatched.rssMb >= watched.rssMb) process.exitCode = 1;
}
