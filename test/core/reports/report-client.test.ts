import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/main/core/api/api-error';
import { createHttpClient } from '../../../src/main/core/api/http-client';
import { createReportsApi, type ReportsApi } from '../../../src/main/core/api/reports-api';
import { openOfflineCache, type OfflineCache } from '../../../src/main/core/cache/offline-cache';
import { createReportClient, type ReportClient } from '../../../src/main/core/reports/report-client';
import { REPORT_FILE_MAX_BYTES, ReportFiles } from '../../../src/main/core/reports/report-files';
import { startLocalService, type LocalService } from '../../../src/server';
import type { DownloadResponse } from '../../../src/shared/interface';
import type { LocalReport } from '../../../src/shared/ipc/views';
import { startStreamingServer, type StreamingServer } from '../streaming-server';
import { downloadLinkTo } from './support/download-link';

/** The simulated fleet numbers its assets from 1. */
const ASSET_ID = 1;
const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('reports client without a socket (polling only)', () => {
  let service: LocalService;
  let paused: LocalService;
  let dir: string;
  const caches: OfflineCache[] = [];
  const clients: ReportClient[] = [];
  const generated: number[] = [];
  /** Status requests as they are sent: one per unfinished report at every poll. */
  let statusAsked = 0;

  const apiFor = (svc: LocalService): ReportsApi =>
    createReportsApi(
      createHttpClient({
        getToken: () => svc.users[0]!.token,
        fetch: async (input, init) => {
          if (String(input).endsWith('/status')) statusAsked++;
          const res = await fetch(input, init);
          if (String(input).endsWith('/generate')) generated.push(res.status);
          return res;
        },
      }),
      svc.base_url,
    );

  const open = (svc: LocalService, changes: LocalReport[] = []): ReportClient => {
    const cache = openOfflineCache(':memory:');
    caches.push(cache);
    const client = createReportClient({
      store: cache.reports,
      files: new ReportFiles(join(dir, `files-${caches.length}`)),
      api: () => apiFor(svc),
      assetName: () => 'Van',
      eventsLive: () => false,
      onChanged: (r) => changes.push(r),
      onRemoved: () => undefined,
      pollIntervalMs: 300,
    });
    clients.push(client);
    client.start();
    return client;
  };

  const until = async (what: string, ok: () => boolean, timeoutMs = 60_000): Promise<void> => {
    const end = Date.now() + timeoutMs;
    while (!ok()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fleetdesk-report-client-'));
    service = await startLocalService({ port: 0, fleetSize: 5, tickMs: 60_000, reportWorkers: 1 });
    paused = await startLocalService({ port: 0, fleetSize: 5, tickMs: 60_000, reportsPaused: true });
  });
  afterAll(async () => {
    for (const c of clients) c.stop();
    for (const c of caches) c.close();
    await service.stop();
    await paused.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('follows a report to completion by polling the status every few seconds, then keeps its file', async () => {
    const client = open(service);
    const r = await client.submit({
      type: 'trip',
      format: 'html',
      asset_id: ASSET_ID,
      date_from: day,
      date_to: day,
    });
    await until('completed and downloaded', () => client.get(r.localId).file?.path != null);
    const done = client.get(r.localId);
    expect(done.state).toBe('completed');
    expect(statSync(done.file!.path!).size).toBe(done.file!.size);
    expect(done.file!.filename).toMatch(/\.html$/);

    // A refused pre-signed address (expired, or signed by a service that has restarted since) gets a fresh one.
    const api = apiFor(service);
    const link = await api.downloadLink(done.reportId!);
    const tampered = {
      ...link,
      download_url: link.download_url.replace(/signature=[0-9a-f]+/, `signature=${'0'.repeat(64)}`),
    };
    let renewed = 0;
    const files = new ReportFiles(join(dir, 'again'));
    const again = await files.download('again', 'html', tampered, async () => {
      renewed++;
      return api.downloadLink(done.reportId!);
    });
    expect(renewed).toBe(1);
    expect(again.size).toBe(done.file!.size);
    const expired = { ...link, expires_at: new Date(Date.now() - 1000).toISOString() };
    await files.download('expired', 'html', expired, async () => {
      renewed++;
      return api.downloadLink(done.reportId!);
    });
    expect(renewed).toBe(2);
  });

  it('after a restart, fetches again every completed report whose file is missing or cut short, unasked', async () => {
    const cache = openOfflineCache(':memory:');
    caches.push(cache);
    const folder = join(dir, 'restarted');
    const run = (): ReportClient => {
      const client = createReportClient({
        store: cache.reports,
        files: new ReportFiles(folder),
        api: () => apiFor(service),
        assetName: () => 'Van',
        eventsLive: () => false,
        onChanged: () => undefined,
        onRemoved: () => undefined,
        pollIntervalMs: 300,
      });
      clients.push(client);
      client.start();
      return client;
    };
    const first = run();
    const cut = await first.submit({
      type: 'fuel',
      format: 'pdf',
      asset_id: ASSET_ID,
      date_from: day,
      date_to: day,
    });
    const gone = await first.submit({
      type: 'fuel',
      format: 'json',
      asset_id: ASSET_ID,
      date_from: day,
      date_to: day,
    });
    await until('both downloaded', () => [cut, gone].every((r) => first.get(r.localId).file?.path != null));
    const cutFile = first.get(cut.localId).file!;
    const goneFile = first.get(gone.localId).file!;
    first.stop();
    truncateSync(cutFile.path!, 100);
    rmSync(goneFile.path!);

    run();
    await until(
      'both whole again',
      () => existsSync(goneFile.path!) && statSync(cutFile.path!).size === cutFile.size,
    );
    expect(statSync(goneFile.path!).size).toBe(goneFile.size);
  });

  it('sends three to the service and keeps the other two waiting here; a report with the service cannot be removed', async () => {
    generated.length = 0;
    const client = open(paused);
    const submitted: LocalReport[] = [];
    for (const type of ['trip', 'fuel', 'sensor', 'trail', 'alarms_data'] as const)
      submitted.push(
        await client.submit({ type, format: 'pdf', asset_id: ASSET_ID, date_from: day, date_to: day }),
      );
    await until('three queued', () => client.list().filter((r) => r.state === 'queued').length === 3);
    // Every poll first sends what may go: two whole polls later (three status requests each),
    // still three with the service and two here.
    const polled = statusAsked;
    await until('two more polls', () => statusAsked >= polled + 6);
    expect(client.list().map((r) => r.state)).toEqual(['queued', 'queued', 'queued', 'waiting', 'waiting']);
    expect(generated).toEqual([201, 201, 201]);
    await expect(client.remove(submitted[0]!.localId)).rejects.toMatchObject({ kind: 'conflict' });
    await client.remove(submitted[4]!.localId);
    expect(client.list()).toHaveLength(4);
  });
});

const KIB = 1024;
const MIB = 1024 * KIB;

describe('a report file is written no further than its announced size', () => {
  let server: StreamingServer;
  let origin: string;
  let dir: string;
  let files: ReportFiles;

  const link = (url: string, fileSize: number): DownloadResponse =>
    downloadLinkTo(url, fileSize, { content_type: 'text/html', filename: 'trip_Van_20260101_20260101.html' });
  const noRenewal = (): Promise<DownloadResponse> => Promise.reject(new Error('not renewed'));
  const failure = async (p: Promise<unknown>): Promise<ApiError> => {
    const err = await p.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fleetdesk-report-files-'));
    files = new ReportFiles(dir);
    server = await startStreamingServer();
    origin = server.origin;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a file of the size announced', async () => {
    const file = await files.download(
      'whole',
      'html',
      link(`${origin}/file?total=${100 * KIB}`, 100 * KIB),
      noRenewal,
    );
    expect(file.size).toBe(100 * KIB);
    expect(readFileSync(file.path).length).toBe(100 * KIB);
    expect(await server.served()).toEqual([{ bytes: 100 * KIB, whole: true }]);
  });

  it('stops a body that goes on past the announced size, removes the part and keeps what was saved before', async () => {
    const folder = files.folderOf('endless');
    mkdirSync(folder, { recursive: true });
    const earlier = join(folder, 'trip_Van_20260101_20260101.html');
    writeFileSync(earlier, 'the copy saved before');
    const err = await failure(
      files.download('endless', 'html', link(`${origin}/file?total=${256 * MIB}`, 100 * KIB), noRenewal),
    );
    expect(err).toMatchObject({
      kind: 'bad_response',
      route: 'GET download_url',
      message: `The report file is larger than the ${100 * KIB} bytes the service announced; the download was stopped.`,
    });
    // The server learns at once that nobody reads any more: what it got out is the size plus the sockets' buffers.
    const [served] = await server.served();
    expect(served?.whole).toBe(false);
    expect(served?.bytes).toBeLessThan(32 * MIB);
    expect(readdirSync(folder)).toEqual(['trip_Van_20260101_20260101.html']);
    expect(readFileSync(earlier, 'utf8')).toBe('the copy saved before');
  });

  it('refuses a body whose Content-Length is past the announced size before writing any of it', async () => {
    const err = await failure(
      files.download(
        'declared',
        'html',
        link(`${origin}/file?total=${64 * KIB}&declare=${MIB}`, 100 * KIB),
        noRenewal,
      ),
    );
    expect(err.message).toBe(
      `The report file is larger than the ${100 * KIB} bytes the service announced; the download was stopped.`,
    );
    expect(await server.served()).toEqual([{ bytes: 64 * KIB, whole: false }]);
    expect(existsSync(files.folderOf('declared'))).toBe(false);
  });

  it('without an announced size, refuses a file past what any report file may be', async () => {
    const declare = REPORT_FILE_MAX_BYTES + 1;
    const err = await failure(
      files.download(
        'unannounced',
        'html',
        link(`${origin}/file?total=${64 * KIB}&declare=${declare}`, 0),
        noRenewal,
      ),
    );
    expect(err.message).toBe(
      'The report file is larger than 512 MiB, the most Fleetdesk keeps of a report; the download was stopped.',
    );
    expect(await server.served()).toEqual([{ bytes: 64 * KIB, whole: false }]);
  });
});
