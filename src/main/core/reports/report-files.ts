import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CONTENT_TYPES, type DownloadResponse, type ReportFormat } from '../../../shared/interface';
import type { LocalReport } from '../../../shared/ipc/views';
import { ApiError } from '../api/api-error';
import { reportFilename, safeFilename } from './safe-filename';

/** A pdf/excel/html file fetched through its pre-signed URL (spec 2.4). */
export interface DownloadedFile {
  readonly path: string;
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
}

const FILE_TIMEOUT_MS = 120_000;
/** A file being written: `<name>.<8 hex>.part`, renamed to `<name>` once complete. */
const PART_SUFFIX = '.part';
const tempNameOf = (target: string): string => `${target}.${randomBytes(4).toString('hex')}${PART_SUFFIX}`;

/**
 * Downloaded reports live under <dataDir>/reports/<localId>/ and stay there
 * for offline use. Every file is written to a temp name and renamed, so a
 * crash never leaves a half file under the real name (architecture.md §3).
 */
export class ReportFiles {
  /** Settled once the parts a previous run left are gone: no new part is begun before. */
  private swept: Promise<void> = Promise.resolve();

  constructor(
    private readonly dir: string,
    private readonly doFetch: typeof fetch = fetch,
  ) {}

  /**
   * At start, before any download: a `.part` is a download or a write that a
   * crash interrupted. Nothing will finish it, so it goes; the report's file
   * is fetched again (report-downloads).
   */
  sweepPartials(log?: { warn(message: string): void }): Promise<void> {
    this.swept = this.removePartials().catch((err: unknown) =>
      log?.warn(`Unfinished report downloads could not be removed: ${String(err)}`),
    );
    return this.swept;
  }

  folderOf(localId: string): string {
    return join(this.dir, safeFilename(localId));
  }

  /** The report's file is on disk, whole (its recorded size), under the name its format gives it. */
  async isComplete(file: LocalReport['file'], format: ReportFormat): Promise<boolean> {
    if (!file || file.path === null || reportFilename(file.filename, format) !== file.filename) return false;
    try {
      const s = await stat(file.path);
      return s.isFile() && s.size === file.size;
    } catch {
      return false;
    }
  }

  async writeText(localId: string, filename: string, text: string): Promise<string> {
    await this.swept;
    const folder = this.folderOf(localId);
    await mkdir(folder, { recursive: true });
    const target = join(folder, safeFilename(filename));
    const temp = tempNameOf(target);
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
   * gets one fresh link from `renewLink`. The file's extension and type are
   * those of the requested `format`, whatever the service names it.
   */
  async download(
    localId: string,
    format: ReportFormat,
    link: DownloadResponse,
    renewLink: () => Promise<DownloadResponse>,
    now: () => number = Date.now,
  ): Promise<DownloadedFile> {
    await this.swept;
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
    const filename = reportFilename(current.filename, format);
    const folder = this.folderOf(localId);
    await mkdir(folder, { recursive: true });
    const target = join(folder, filename);
    const temp = tempNameOf(target);
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
      return { path: target, filename, contentType: CONTENT_TYPES[format], size };
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async removeFolder(localId: string): Promise<void> {
    await rm(this.folderOf(localId), { recursive: true, force: true });
  }

  private async removePartials(): Promise<void> {
    const folders = await readdir(this.dir, { withFileTypes: true }).catch((err: unknown) => {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    });
    for (const folder of folders) {
      if (!folder.isDirectory()) continue;
      const path = join(this.dir, folder.name);
      for (const name of await readdir(path))
        if (name.endsWith(PART_SUFFIX)) await rm(join(path, name), { force: true });
    }
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
