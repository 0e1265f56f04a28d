import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DownloadResponse } from '../../../shared/interface';
import { ApiError } from '../api/api-error';
import { safeFilename } from './report-naming';

/** A pdf/excel/html file fetched through its pre-signed URL (spec 2.4). */
export interface DownloadedFile {
  readonly path: string;
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
}

const FILE_TIMEOUT_MS = 120_000;

/**
 * Downloaded reports live under <dataDir>/reports/<localId>/ and stay there
 * for offline use. Every file is written to a temp name and renamed, so a
 * crash never leaves a half file under the real name (architecture.md §3).
 */
export class ReportFiles {
  constructor(
    private readonly dir: string,
    private readonly doFetch: typeof fetch = fetch,
  ) {}

  folderOf(localId: string): string {
    return join(this.dir, safeFilename(localId));
  }

  async exists(path: string | null): Promise<boolean> {
    if (path === null) return false;
    try {
      return (await stat(path)).isFile();
    } catch {
      return false;
    }
  }

  async writeText(localId: string, filename: string, text: string): Promise<string> {
    const folder = this.folderOf(localId);
    await mkdir(folder, { recursive: true });
    const target = join(folder, safeFilename(filename));
    const temp = `${target}.${randomBytes(4).toString('hex')}.part`;
    try {
      await writeFile(temp, text, 'utf8');
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    return target;
  }

  /**
   * Fetches through the pre-signed URL (no Bearer: the address is the
   * credential). An expired or refused address (403, or past expires_at)
   * gets one fresh link from `renewLink`.
   */
  async download(
    localId: string,
    link: DownloadResponse,
    renewLink: () => Promise<DownloadResponse>,
    now: () => number = Date.now,
  ): Promise<DownloadedFile> {
    let current = Date.parse(link.expires_at) <= now() ? await renewLink() : link;
    let res = await this.get(current.download_url);
    if (res.status === 403 || res.status === 410) {
      await res.body?.cancel();
      current = await renewLink();
      res = await this.get(current.download_url);
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new ApiError({
        kind: res.status === 403 ? 'forbidden' : 'http',
        status: res.status,
        route: 'GET download_url',
        message: `The report file could not be downloaded (HTTP ${res.status}).`,
      });
    }
    const filename = safeFilename(current.filename);
    const folder = this.folderOf(localId);
    await mkdir(folder, { recursive: true });
    const target = join(folder, filename);
    const temp = `${target}.${randomBytes(4).toString('hex')}.part`;
    try {
      await pipeline(Readable.fromWeb(res.body), createWriteStream(temp));
      const size = (await stat(temp)).size;
      if (current.file_size > 0 && size !== current.file_size)
        throw new ApiError({
          kind: 'bad_response',
          route: 'GET download_url',
          message: `The report file arrived incomplete (${size} of ${current.file_size} bytes).`,
        });
      await rename(temp, target);
      return { path: target, filename, contentType: current.content_type, size };
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async removeFolder(localId: string): Promise<void> {
    await rm(this.folderOf(localId), { recursive: true, force: true });
  }

  private async get(url: string): Promise<Response> {
    try {
      return await this.doFetch(url, { signal: AbortSignal.timeout(FILE_TIMEOUT_MS), redirect: 'follow' });
    } catch (err) {
      throw new ApiError({
        kind: 'offline',
        route: 'GET download_url',
        message: 'The report file could not be fetched: the service is not reachable.',
        cause: err,
      });
    }
  }
}
