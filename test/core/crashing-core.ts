/**
 * An app core in a process of its own, for app-core-report-crash.test.ts to
 * kill with SIGKILL: it signs in to the service named in FLEETDESK_CRASH (as
 * its Demo profile), asks for a PDF report and, once the report completes,
 * receives the first bytes of the file and then nothing more, so the download
 * stays half-written in its `.part` file until the process is killed.
 * Prints `{"stalled": <localId>}` once the first bytes were handed over.
 */
import { z } from 'zod';
import { createAppCore } from '../../src/main/core/app-core';
import { createMemorySecretStore } from '../../src/main/core/session/secret-store';
import { demoServiceOf } from '../../src/main/demo/demo-of-service';
import type { ReadyInfo } from '../../src/server';
import { fakeShell } from './app-core.harness';

const setup = z
  .object({ dataDir: z.string(), saveDir: z.string(), day: z.string(), ready: z.custom<ReadyInfo>() })
  .parse(JSON.parse(process.env['FLEETDESK_CRASH'] ?? 'null'));

let reportLocalId: string | null = null;

/** The real fetch; the signed file's body stops after its first chunk. */
const stallingFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const url = input instanceof Request ? input.url : String(input);
  if (!url.includes('/files/reports/') || !res.ok || !res.body) return res;
  const reader = res.body.getReader();
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent) return new Promise<void>(() => undefined);
      const first = await reader.read();
      if (first.value) controller.enqueue(first.value);
      sent = true;
      process.stdout.write(`${JSON.stringify({ stalled: reportLocalId })}\n`);
    },
  });
  return new Response(body, { status: res.status, headers: res.headers });
};

const core = createAppCore({
  dataDir: setup.dataDir,
  secretStore: createMemorySecretStore(),
  shell: fakeShell(setup.saveDir),
  push: () => undefined,
  startDemo: async () => demoServiceOf(setup.ready, async () => undefined),
  fetch: stallingFetch,
  timing: { reportPollMs: 300 },
  log: { warn: (m) => process.stderr.write(`[crashing-core] ${m}\n`) },
});
await core.start();
const assetId = (await core.handlers['fleet.refresh'](undefined)).assets[0]!.id;
const report = await core.handlers['reports.submit']({
  request: {
    type: 'trip',
    format: 'pdf',
    asset_id: assetId,
    date_from: setup.day,
    date_to: setup.day,
    priority: 'standard',
  },
  allowDuplicate: false,
});
reportLocalId = report.localId;
