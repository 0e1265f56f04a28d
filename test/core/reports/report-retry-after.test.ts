import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../../src/main/core/api/http-client';
import { createReportsApi, type ReportsApi } from '../../../src/main/core/api/reports-api';
import { MAX_RETRY_AFTER_MS, parseRetryAfter } from '../../../src/main/core/api/retry-after';
import { openOfflineCache, type OfflineCache } from '../../../src/main/core/cache/offline-cache';
import { createReportClient, type ReportClient } from '../../../src/main/core/reports/report-client';
import { ReportFiles } from '../../../src/main/core/reports/report-files';
import type { LocalReport } from '../../../src/shared/ipc/views';

const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const request = { type: 'trip', format: 'pdf', asset_id: 1, date_from: day, date_to: day } as const;

/** A service that answers every request 503 with this Retry-After. */
const overloaded = (retryAfter: string): ReportsApi =>
  createReportsApi(
    createHttpClient({
      getToken: () => 'a-token-for-reports',
      fetch: async () =>
        Response.json(
          { status: 'error', message: 'Overloaded.' },
          { status: 503, headers: { 'retry-after': retryAfter } },
        ),
    }),
    'https://reports.example',
  );

describe('a Retry-After past any real wait', () => {
  let dir: string;
  let cache: OfflineCache;
  let client: ReportClient | null;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleetdesk-retry-after-'));
    cache = openOfflineCache(':memory:');
    client = null;
  });
  afterEach(() => {
    client?.stop();
    cache.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const open = (api: () => ReportsApi | null): ReportClient => {
    client = createReportClient({
      store: cache.reports,
      files: new ReportFiles(join(dir, 'files')),
      api,
      assetName: () => 'Van',
      eventsLive: () => true,
      onChanged: () => undefined,
      onRemoved: () => undefined,
      pollIntervalMs: 60_000,
      progressPollMs: 60_000,
    });
    client.start();
    return client;
  };

  it('is read as the longest wait, in seconds and as a date alike', () => {
    const now = Date.UTC(2026, 10, 23, 9, 0, 0);
    expect(parseRetryAfter('2592000', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter('9'.repeat(400), now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter('Fri, 31 Dec 9999 23:59:59 GMT', now)).toBe(MAX_RETRY_AFTER_MS);
  });

  it('leaves the request retrying at a time it can say, not stuck being sent', async () => {
    const reports = open(() => overloaded('9'.repeat(30)));
    const sent = await reports.submit(request);
    await expect.poll(() => reports.get(sent.localId).state).toBe('retrying');
    const r = reports.get(sent.localId);
    expect(r.retryAt! - Date.now()).toBeGreaterThan(MAX_RETRY_AFTER_MS - 60_000);
    expect(r.retryAt! - Date.now()).toBeLessThanOrEqual(MAX_RETRY_AFTER_MS);
    expect(r.errorMessage).toMatch(/sends the request again at \d\d:\d\d:\d\d UTC\.$/);
    expect(cache.reports.get(sent.localId)).toMatchObject({ state: 'retrying', retryAt: r.retryAt });
  });

  it('never wakes every millisecond for a request kept waiting further ahead than a timer reaches', async () => {
    const waiting: LocalReport = {
      localId: 'kept-by-an-older-version',
      reportId: null,
      request,
      title: 'Trip report',
      state: 'waiting',
      queuePosition: null,
      progress: 0,
      errorMessage: null,
      retryAt: Date.now() + 40 * 86_400_000,
      createdAt: Date.now() - 1000,
      completedAt: null,
      servedFromCache: false,
      file: null,
    };
    cache.reports.save(waiting);
    let looked = 0;
    // Fake timers keep setTimeout's own limit (a wait past 2^31 - 1 ms fires after 1 ms), the overflow at issue.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      open(() => {
        looked++;
        return null;
      });
      await vi.advanceTimersByTimeAsync(1_000);
      const atStart = looked;
      await vi.advanceTimersByTimeAsync(10_000);
      // The start's own looks, and none more while the request's time is 40 days away.
      expect(atStart).toBeLessThanOrEqual(2);
      expect(looked).toBe(atStart);
    } finally {
      vi.useRealTimers();
    }
  });
});
