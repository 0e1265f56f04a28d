import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServiceOf } from '../../src/main/demo/demo-of-service';
import { startLocalService, type LocalService } from '../../src/server';
import type { ReportType } from '../../src/shared/interface';
import type { LocalReport } from '../../src/shared/ipc/views';
import { createHarness, yesterday, type Harness } from './app-core.harness';
import { startRewritingProxy, type RewritingProxy } from './rewriting-proxy';

const RLO = '\u202E';

/** What a hostile service names each report's file, by report type; and the name the app keeps it under. */
const HOSTILE: Partial<
  Record<ReportType, { format: 'pdf' | 'excel'; served: string; kept: string; magic: string }>
> = {
  trip: { format: 'pdf', served: 'report.pdf.exe', kept: 'report.pdf', magic: '%PDF-' },
  // Shown by a bidi-aware file manager as "exe.pdf".
  fuel: { format: 'pdf', served: `${RLO}fdp.exe`, kept: 'fdp.pdf', magic: '%PDF-' },
  trail: { format: 'excel', served: '..\\..\\CON.xlsx.bat', kept: '_CON.xlsx', magic: 'PK' },
};

describe('report files named by a service that lies about their names', () => {
  let service: LocalService;
  let proxy: RewritingProxy;
  let h: Harness;
  /** Every filename the core was sent, as it was sent. */
  const served: string[] = [];

  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 5, tickMs: 60_000, reportWorkers: 2 });
    const typeOf = (reportId: string): ReportType | undefined =>
      h.pushesOf('reports.changed').find((p) => p.payload.reportId === reportId)?.payload.request.type;
    proxy = await startRewritingProxy(service.port, ({ method, path }, body) => {
      const id = /^\/api\/v1\/reports\/([^/]+)\/download$/.exec(path)?.[1];
      const type = id === undefined || method !== 'GET' ? undefined : typeOf(decodeURIComponent(id));
      const hostile = type === undefined ? undefined : HOSTILE[type];
      if (!hostile || typeof body !== 'object' || body === null || !('filename' in body)) return undefined;
      served.push(hostile.served);
      return { ...body, filename: hostile.served };
    });
    // The Demo profile's service, reached through the proxy for its REST and reporting calls.
    const ready = service.readyLine();
    const viaProxy = { ...ready, base_url: proxy.via(ready.base_url), api_url: proxy.via(ready.api_url) };
    h = createHarness({ startDemo: async () => demoServiceOf(viaProxy, async () => undefined) });
    await h.core.start();
  });
  afterAll(async () => {
    await h.stop();
    await proxy.close();
    await service.stop();
  });

  it('keeps each file under a safe name with the extension of the format asked for, and offers that name to Save', async () => {
    const assetId = (await h.call('fleet.refresh')).assets[0]!.id;
    const day = yesterday();
    const submitted = await Promise.all(
      Object.entries(HOSTILE).map(([type, { format }]) =>
        h.call('reports.submit', {
          request: { type: type as ReportType, format, asset_id: assetId, date_from: day, date_to: day },
        }),
      ),
    );
    const done: LocalReport[] = await Promise.all(
      submitted.map((r) =>
        h.waitForPush('reports.changed', (x) => x.localId === r.localId && x.file?.path != null, 60_000),
      ),
    );
    // The core really received the hostile names.
    expect(new Set(served)).toEqual(new Set(Object.values(HOSTILE).map((x) => x.served)));
    expect(proxy.rewritten()).toBeGreaterThanOrEqual(3);

    for (const r of done) {
      const expected = HOSTILE[r.request.type]!;
      const file = r.file!;
      expect(file.filename).toBe(expected.kept);
      expect(basename(file.path!)).toBe(expected.kept);
      expect(dirname(dirname(file.path!))).toBe(join(h.dataDir, 'reports'));
      expect(file.contentType).toBe(
        expected.format === 'pdf'
          ? 'application/pdf'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      // The whole file, as the service generated it, and nothing else in its folder.
      expect(readFileSync(file.path!).subarray(0, expected.magic.length).toString('latin1')).toBe(
        expected.magic,
      );
      expect(readdirSync(dirname(file.path!))).toEqual([expected.kept]);

      const saved = await h.call('reports.save', { localId: r.localId });
      expect(basename(saved.path!)).toBe(expected.kept);
      await h.call('reports.open', { localId: r.localId });
    }
    expect(h.shell.calls.filter((c) => c.method === 'chooseSavePath').map((c) => c.arg)).toEqual(
      done.map((r) => HOSTILE[r.request.type]!.kept),
    );
    expect(h.shell.calls.filter((c) => c.method === 'openPath').map((c) => c.arg)).toEqual(
      done.map((r) => r.file!.path),
    );
  });
});
