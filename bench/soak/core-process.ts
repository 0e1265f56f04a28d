/**
 * The soak bench's core process: the browser shell (the real core, the
 * bridge socket, the built renderer's host) signed in to the local service
 * the bench started, and nothing else, so its heap and RSS are the core's.
 * Spawned by bench/soak.bench.ts with an IPC channel and --expose-gc.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBrowserShell, type BrowserShell } from '../../src/main/browser-shell/browser-shell';
import { createAppCore } from '../../src/main/core/app-core';
import type { IpcEvent, IpcEvents } from '../../src/shared/ipc/contract';
import { coreProcessArgsSchema, coreRequestSchema, type CoreMessage } from './protocol';
import { coreLog } from '../support/core-log';

const isLiveBatch = (event: IpcEvent, _payload: unknown): _payload is IpcEvents['live.positions'] =>
  event === 'live.positions';

const send = (message: CoreMessage): void => {
  process.send?.(message);
};

/** Linux's split of the resident set; null elsewhere. */
function residentSplit(): { anon: number | null; file: number | null } {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kb = (name: string): number | null => {
      const v = new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1];
      return v === undefined ? null : Number(v) * 1024;
    };
    return { anon: kb('RssAnon'), file: kb('RssFile') };
  } catch {
    return { anon: null, file: null };
  }
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    try {
      total += entry.isDirectory() ? folderBytes(path) : statSync(path).size;
    } catch {
      // Removed while we looked (a WAL checkpoint, a finished download).
    }
  }
  return total;
}

async function main(): Promise<void> {
  if (!process.send) throw new Error('core-process must be spawned with an IPC channel');
  const args = coreProcessArgsSchema.parse(JSON.parse(process.argv[2] ?? ''));
  let pushes = 0;
  let positions = 0;
  // Service publish → renderer push, over the window since the last sample: a core that falls behind shows here.
  let latencySum = 0;
  let latencyCount = 0;
  let latencyMax = 0;
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetdesk-soak-core-'));
  const shell: BrowserShell = await startBrowserShell({
    dataDir,
    renderer: { dir: args.rendererDir },
    demoService: args.service,
    log: coreLog,
    // The real core; only its push sink is wrapped, to count what reaches the renderer.
    createCore: (options) =>
      createAppCore({
        ...options,
        push: (event, payload) => {
          if (isLiveBatch(event, payload)) {
            const now = Date.now();
            pushes++;
            positions += payload.positions.length;
            for (const p of payload.positions) {
              const latency = now - p.t;
              latencySum += latency;
              latencyCount++;
              if (latency > latencyMax) latencyMax = latency;
            }
          }
          options.push(event, payload);
        },
      }),
  });

  process.on('message', (raw: unknown) => {
    const parsed = coreRequestSchema.safeParse(raw);
    if (!parsed.success) return;
    if (parsed.data.kind === 'stop') {
      shell.stop().then(
        () => {
          rmSync(dataDir, { recursive: true, force: true });
          send({ kind: 'stopped' });
          process.disconnect();
        },
        (err: unknown) => send({ kind: 'failed', message: String(err) }),
      );
      return;
    }
    const gc = globalThis.gc;
    gc?.();
    const memory = process.memoryUsage();
    const cpu = process.cpuUsage();
    const resident = residentSplit();
    send({
      kind: 'sample',
      heapUsed: memory.heapUsed,
      rss: memory.rss,
      rssAnon: resident.anon,
      rssFile: resident.file,
      cacheBytes: folderBytes(dataDir),
      external: memory.external,
      arrayBuffers: memory.arrayBuffers,
      collected: gc !== undefined,
      pushes,
      positions,
      cpuUserMs: cpu.user / 1000,
      cpuSystemMs: cpu.system / 1000,
      latencyMeanMs: latencyCount === 0 ? null : latencySum / latencyCount,
      latencyMaxMs: latencyCount === 0 ? null : latencyMax,
    });
    latencySum = 0;
    latencyCount = 0;
    latencyMax = 0;
  });
  send({ kind: 'ready', url: shell.url });
}

main().catch((err: unknown) => {
  send({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
  process.exitCode = 1;
  process.disconnect?.();
});
