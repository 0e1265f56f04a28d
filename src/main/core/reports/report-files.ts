import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isLoopbackHost } from '../../../shared/ipc/secure-transport';
import { CONTENT_TYPES, type DownloadResponse, type ReportFormat } from '../../../shared/interface';
import type { LocalReport } from '../../../shared/ipc/views';
import { ApiError } from '../api/api-error';
import { limitBody, MIB, sizeText } from '../api/body-limit';
import { reportFilename, safeFilename } from './safe-filename';

/** A pdf/excel/html file fetched through its pre-signed URL (spec 2.4). */
export interface DownloadedFile {
  readonly path: string;
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
}

const FILE_TIMEOUT_MS = 120_000;
/**
 * The most a report file may be when its link announces no size (file_size 0):
 * a file is kept on disk, so this guards the disk. The largest the local
 * service writes is a 30-day trail as a workbook, 10.3 MiB for 259,200 rows
 * (~42 bytes a row); a sheet holds at most 1,048,576 rows, ~42 MiB at that
 * rate, and a PDF or HTML report is thinned for print far below it. Over ten
 * times a full sheet, and still no threat to a disk.
 */
export const REPORT_FILE_MAX_BYTES = 512 * MIB;
/** What fetch follows (RFC 9110 15.4), and as many hops as it does. */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;

const ROUTE = 'GET download_url';
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
   * those of the requested `format`, whatever the service names it. Writing
   * stops as soon as the file passes the size the link announced, so a body
   * that never ends cannot fill the disk.
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
        route: ROUTE,
        message: `The report file could not be downloaded (HTTP ${res.status}).`,
      });
    }
    const announced = current.file_size > 0 ? current.file_size : null;
    const maxBytes = announced ?? REPORT_FILE_MAX_BYTES;
    const tooLarge = (): ApiError =>
      new ApiError({
        kind: 'bad_response',
        route: ROUTE,
        status: res.status,
        message:
          announced === null
            ? `The report file is larger than ${sizeText(maxBytes)}, the most Fleetdesk keeps of a report; the download was stopped.`
            : `The report file is larger than the ${announced} bytes the service announced; the download was stopped.`,
      });
    // res has a body (checked above), and so has its limited copy.
    const body = limitBody(res, maxBytes, tooLarge).body!;
    const filename = reportFilename(current.filename, format);
    const folder = this.folderOf(localId);
    await mkdir(folder, { recursive: true });
    const target = join(folder, filename);
    const temp = tempNameOf(target);
    try {
      await pipeline(Readable.fromWeb(body), createWriteStream(temp));
      const size = (await stat(temp)).size;
      if (announced !== null && size !== announced)
        throw new ApiError({
          kind: 'bad_response',
          route: ROUTE,
          message: `The report file arrived incomplete (${size} of ${announced} bytes).`,
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

  /**
   * Each address a redirect names is checked as the first one was: fetch's own following would go from
   * https to plain http on another host, taking the signed address's path along.
   */
  private async get(url: string): Promise<Response> {
    const signal = AbortSignal.timeout(FILE_TIMEOUT_MS);
    let address = url;
    for (let hops = 0; ; hops++) {
      checkDownloadUrl(address);
      const res = await this.fetchOnce(address, signal);
      if (!REDIRECT_STATUSES.has(res.status)) return res;
      await res.body?.cancel();
      const location = res.headers.get('location');
      if (location === null || hops === MAX_REDIRECTS)
        throw new ApiError({
          kind: 'bad_response',
          route: ROUTE,
          status: res.status,
          message:
            location === null
              ? `The report file's address redirected (HTTP ${res.status}) without saying where.`
              : `The report file's address redirected more than ${MAX_REDIRECTS} times.`,
        });
      address = URL.parse(location, address)?.href ?? location;
    }
  }

  private async fetchOnce(address: string, signal: AbortSignal): Promise<Response> {
    try {
      return await this.doFetch(address, { signal, redirect: 'manual' });
    } catch (err) {
      throw new ApiError({
        kind: 'offline',
        route: ROUTE,
        message: 'The report file could not be fetched: the service is not reachable.',
        cause: err,
      });
    }
  }
}

/**
 * Spec 2.4's pre-signed address may be anywhere (a vendor's storage, a CDN):
 * its host is not checked, its scheme is. Only http(s) is fetched: fetch
 * also reads `data:` and `blob:` addresses, which would put what the service
 * wrote into the address into a report file without a request. The address
 * is the file's credential, so plain http only on loopback, as for tokens
 * (shared/ipc/secure-transport.ts); and with no user:pass, which fetch refuses.
 */
function checkDownloadUrl(raw: string): void {
  const problem = downloadUrlProblem(raw);
  if (problem !== null)
    throw new ApiError({
      kind: 'bad_response',
      route: ROUTE,
      message: `The service gave a download address Fleetdesk does not fetch: ${problem}.`,
    });
}

function downloadUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'it is not a valid address';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `${url.protocol} addresses are not fetched, only https`;
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    return 'plain http is fetched only from this computer; another host must use https';
  if (url.username || url.password) return 'it carries a user name or password';
  return null;
}
