import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/main/core/api/api-error';
import { ReportFiles } from '../../../src/main/core/reports/report-files';
import type { DownloadResponse } from '../../../src/shared/interface';
import { downloadLinkTo } from './support/download-link';

/**
 * A storage host on this computer that redirects: where a redirect may lead, a report file's address is
 * checked at every hop as the first address is (https, or plain http to this computer only).
 */
describe("a report file's address that redirects", () => {
  const body = '%PDF-1.7 the report';
  /** Every request the storage host saw, by path. */
  const seen: string[] = [];
  let server: Server;
  let origin = '';
  let dir: string;
  let files: ReportFiles;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fleetdesk-report-redirects-'));
    files = new ReportFiles(dir);
    server = createServer((req, res) => {
      const path = req.url ?? '/';
      seen.push(path);
      const redirect = (status: number, location?: string): void => {
        res.writeHead(status, location === undefined ? {} : { location });
        res.end();
      };
      if (path === '/report.pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': body.length });
        res.end(body);
      } else if (path === '/moved') redirect(302, '/signed/hop');
      else if (path === '/signed/hop') redirect(307, `${origin}/report.pdf`);
      else if (path === '/to-plain-http') redirect(301, 'http://files.invalid/report.pdf?signature=00');
      else if (path === '/to-data') redirect(302, `data:application/pdf,${encodeURIComponent('forged')}`);
      else if (path === '/nowhere') redirect(302);
      else if (path.startsWith('/loop')) redirect(302, `/loop${seen.length}`);
      else redirect(404);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  const linkTo = (path: string): DownloadResponse => downloadLinkTo(`${origin}${path}`, body.length);
  const download = (id: string, path: string): Promise<unknown> =>
    files.download(id, 'pdf', linkTo(path), () => Promise.resolve(linkTo(path))).catch((e: unknown) => e);
  const filesOf = (id: string): string[] => {
    try {
      return readdirSync(join(dir, id));
    } catch {
      return [];
    }
  };

  it('follows redirects that stay within what is fetched, relative ones too', async () => {
    seen.length = 0;
    const file = await download('moved', '/moved');
    expect(file).toMatchObject({ filename: 'trail_Van_20260101_20260101.pdf', size: body.length });
    expect(readFileSync((file as { path: string }).path, 'utf8')).toBe(body);
    expect(seen).toEqual(['/moved', '/signed/hop', '/report.pdf']);
  });

  it.each([
    ['plain http on another host', '/to-plain-http', 'plain http is fetched only from this computer'],
    ['a data: address', '/to-data', 'data: addresses are not fetched, only https'],
  ])('refuses one that leads to %s, fetching nothing there and keeping no file', async (_, path, problem) => {
    seen.length = 0;
    const err = await download(path.slice(1), path);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'bad_response', route: 'GET download_url' });
    expect((err as ApiError).message).toContain(problem);
    expect(seen).toEqual([path]);
    expect(filesOf(path.slice(1))).toEqual([]);
  });

  it('gives up on one that says nowhere, or goes round and round', async () => {
    seen.length = 0;
    expect(await download('nowhere', '/nowhere')).toMatchObject({
      kind: 'bad_response',
      status: 302,
      message: "The report file's address redirected (HTTP 302) without saying where.",
    });
    seen.length = 0;
    expect(await download('loop', '/loop')).toMatchObject({
      kind: 'bad_response',
      message: "The report file's address redirected more than 20 times.",
    });
    expect(seen).toHaveLength(21);
    expect(filesOf('loop')).toEqual([]);
  });
});
