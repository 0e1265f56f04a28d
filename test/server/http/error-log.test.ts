import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  downloadResponseSchema,
  errorBodySchema,
  submissionResponseSchema,
} from '../../../src/shared/interface';
import { startLocalService, type LocalService } from '../../../src/server/local-service';
import { pastRange, reportDownload, submitReport, waitUntilSettled } from '../reports/report-client';

let service: LocalService;
beforeAll(async () => {
  service = await startLocalService({ port: 0, fleetSize: 4, tickMs: 60_000, reportWorkers: 1 });
});
afterAll(async () => {
  await service.stop();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Everything the process writes to stderr or through console while `run` runs. */
async function captureLogs(run: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const keep = (...args: unknown[]): void => void lines.push(args.map(String).join(' '));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => {
    keep(chunk instanceof Uint8Array ? Buffer.from(chunk).toString('utf8') : chunk);
    return true;
  });
  for (const level of ['error', 'warn', 'log', 'info'] as const)
    vi.spyOn(console, level).mockImplementation(keep);
  await run();
  vi.restoreAllMocks();
  return lines.join('\n');
}

describe('errors in the log', () => {
  it('name the path of a failing request, never its query string (a signed URL’s signature)', async () => {
    const token = service.users[0]?.token ?? '';
    const submitted = await submitReport(service, token, {
      type: 'trip',
      format: 'html',
      asset_id: 1,
      ...pastRange(1),
    });
    const id = submissionResponseSchema.parse(submitted.body).report_id;
    await waitUntilSettled(service, token, id);
    const url = new URL(
      downloadResponseSchema.parse((await reportDownload(service, token, id)).body).download_url,
    );
    const signature = url.searchParams.get('signature') ?? '';
    expect(signature).toMatch(/^[0-9a-f]{64}$/);

    // The file turns into something that cannot be read (a directory): the download fails inside the service.
    const file = join(service.dataDir, 'reports', `${id}.html`);
    rmSync(file);
    mkdirSync(file);
    let res: Response | undefined;
    let body: unknown;
    const logged = await captureLogs(async () => {
      res = await fetch(url);
      body = await res.json();
    });

    expect(logged).toContain('internal error');
    expect(logged).toContain(url.pathname);
    expect(logged).not.toContain(signature);
    expect(logged).not.toContain(signature.slice(0, 16));
    expect(logged).not.toContain('signature=');
    expect(logged).not.toContain(`expires=${url.searchParams.get('expires')}`);

    // Spec 7's body, not the file's headers with another body.
    expect(res?.status).toBe(500);
    expect(errorBodySchema.parse(body).message).toBe('Internal error.');
    expect(res?.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res?.headers.get('content-disposition')).toBeNull();
  });
});
