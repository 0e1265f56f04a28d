import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/main/core/api/api-error';
import { ReportFiles } from '../../../src/main/core/reports/report-files';
import type { DownloadResponse } from '../../../src/shared/interface';
import { downloadLinkTo } from './support/download-link';

describe("a report file's download address", () => {
  let dir: string;
  const fetched: string[] = [];
  let files: ReportFiles;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleetdesk-report-urls-'));
    files = new ReportFiles(dir, (input, init) => {
      fetched.push(String(input));
      return fetch(input, init);
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const body = 'a report the service never sent';
  const linkTo = (url: string): DownloadResponse => downloadLinkTo(url, body.length);

  it.each([
    [
      'data:',
      `data:application/pdf,${encodeURIComponent(body)}`,
      'data: addresses are not fetched, only https',
    ],
    ['file:', 'file:///etc/passwd', 'file: addresses are not fetched, only https'],
    ['javascript:', 'javascript:alert(1)', 'javascript: addresses are not fetched, only https'],
    ['ftp:', 'ftp://files.example/report.pdf', 'ftp: addresses are not fetched, only https'],
    [
      'plain http to another host',
      'http://files.invalid/report.pdf?signature=00',
      'plain http is fetched only from this computer; another host must use https',
    ],
    [
      'a user and password',
      'https://user:secret@127.0.0.1:9/report.pdf',
      'it carries a user name or password',
    ],
    ['no address at all', 'report.pdf', 'it is not a valid address'],
  ])('refuses %s, without fetching anything', async (_, url, problem) => {
    fetched.length = 0;
    const err = await files
      .download('refused', 'pdf', linkTo(url), () => Promise.resolve(linkTo(url)))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      kind: 'bad_response',
      route: 'GET download_url',
      message: `The service gave a download address Fleetdesk does not fetch: ${problem}.`,
    });
    expect(fetched).toEqual([]);
    expect(readdirSync(dir).flatMap((f) => readdirSync(join(dir, f)))).toEqual([]);
  });

  it('refuses a renewed address that is not http(s) either', async () => {
    fetched.length = 0;
    // An address past expires_at is renewed before anything is fetched.
    const expired = { ...linkTo('https://127.0.0.1:9/report.pdf'), expires_at: new Date(0).toISOString() };
    const err = await files
      .download('renewed', 'pdf', expired, () => Promise.resolve(linkTo(`data:,${body}`)))
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'bad_response', route: 'GET download_url' });
    expect(fetched).toEqual([]);
  });
});
