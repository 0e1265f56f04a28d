import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServiceOf } from '../../src/main/demo/demo-of-service';
import { startLocalService, type LocalService } from '../../src/server';
import type { ReportType } from '../../src/shared/interface';
import type { LocalReport } from '../../src/shared/ipc/views';
import { createHarness, yesterday, type Harness } from './app-core.harness';

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
  let h: Harness;
  /** Every filename the core was sent, as it was sent. */
  const served: string[] = [];

  beforeAll(async () => {
    service = await startLocalService({ port: 0, fleetSize: 5, tickMs: 60_000, reportWorkers: 2 });
    const typeOf = (reportId: string): ReportType | undefined =>
      h.pushesOf('reports.changed').find((p) => p.payload.reportId === reportId)?.payload.request.type;
    // The service's answers pass through the core's fetch, which names each file as a hostile service
    // would (a proxy in front would not do: the Demo signs in by OAuth, whose issuer is the service's own address).
    const hostileFetch: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      const url = new URL(input instanceof Request ? input.url : String(input));
      const id = /^\/api\/v1\/reports\/([^/]+)\/download$/.exec(url.pathname)?.[1];
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      const type = id === undefined || method !== 'GET' ? undefined : typeOf(decodeURIComponent(id));
      const hostile = type === undefined ? undefined : HOSTILE[type];
      if (!hostile || !res.ok) return res;
      const body: unknown = await res.json();
      const headers = new Headers(res.headers);
      headers.delete('content-length');
      if (typeof body !== 'object' || body === null || !('filename' in body))
        return Response.json(body, { status: res.status, headers });
      served.push(hostile.served);
      return Response.json({ ...body, filename: hostile.served }, { status: res.status, headers });
    };
    h = createHarness({
      startDemo: async () => demoServiceOf(service.readyLine(), async () => undefined),
      fetch: hostileFetch,
    });
    await h.core.start();
  });
  afterAll(async () => {
    await h.stop();
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
