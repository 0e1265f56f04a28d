import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../../src/server';
import type { LocalServiceOptions } from '../../../src/server/options';
import { downloadResponseSchema, submissionResponseSchema } from '../../../src/shared/interface';
import { pastRange, reportDownload, submitReport, waitUntilSettled } from './report-client';

const dataDir = mkdtempSync(join(tmpdir(), 'fleetdesk-signed-restart-'));
const tokens = {
  operator: 'operator-token-for-signed-url-tests',
  restricted: 'dispatcher-token-for-signed-url-tests',
};
const options: LocalServiceOptions = {
  port: 0,
  fleetSize: 5,
  tickMs: 60_000,
  dataDir,
  tokens,
  reportWorkers: 1,
};
let service: LocalService | null = null;

afterAll(async () => {
  await service?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The same address on the restarted service (tests listen on a new random port each start). */
const onService = (s: LocalService, url: string): string => {
  const { pathname, search } = new URL(url);
  return `${s.base_url}${pathname}${search}`;
};

describe('a pre-signed download address (spec 2.4: valid 1 hour)', () => {
  it('still downloads the file after the service restarts with the same data directory', async () => {
    service = await startLocalService(options);
    const res = await submitReport(service, tokens.operator, {
      type: 'trail',
      format: 'html',
      asset_id: 1,
      ...pastRange(1),
    });
    const id = submissionResponseSchema.parse(res.body).report_id;
    expect((await waitUntilSettled(service, tokens.operator, id)).generation_status).toBe('completed');
    const signed = downloadResponseSchema.parse((await reportDownload(service, tokens.operator, id)).body);
    const before = await fetch(signed.download_url);
    expect(before.status).toBe(200);
    const file = await before.text();
    await service.stop();
    service = null;

    service = await startLocalService(options);
    const after = await fetch(onService(service, signed.download_url));
    expect(after.status).toBe(200);
    expect(await after.text()).toBe(file);

    // The signature still binds the address: another expiry or report id is refused.
    const tampered = new URL(onService(service, signed.download_url));
    tampered.searchParams.set('expires', String(Number(tampered.searchParams.get('expires')) + 60));
    expect((await fetch(tampered)).status).toBe(403);
  });
});
