import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { buildReport } from './content/build-report';
import { renderReportChunks } from './render/render-report';
import { createFleet } from '../sim/fleet';
import type { Fleet } from '../sim/types';
import { visibleFleet } from './visible-fleet';
import { TEMP_SUFFIX, type WorkerJob } from './worker-protocol';

/** Building the fleet is deterministic in (seed, size); a worker builds it once and keeps it. */
let cachedFleet: { key: string; fleet: Fleet } | null = null;

export function warmFleet(seed: number, size: number): void {
  fleetFor(seed, size);
}

function fleetFor(seed: number, size: number): Fleet {
  const key = `${seed}:${size}`;
  if (cachedFleet?.key !== key) cachedFleet = { key, fleet: createFleet({ seed, size }) };
  return cachedFleet.fleet;
}

/** Build share of the progress bar; rendering (no progress callback) takes the rest up to 99. */
const BUILD_SHARE = 0.7;

/**
 * One report, start to finish, inside a worker thread: build the document
 * from the re-created fleet, render it, write it atomically (temp + rename,
 * so a half-written file is never served). Returns the file's size.
 */
export async function generateReport(
  job: WorkerJob,
  onProgress: (fraction: number) => void,
): Promise<{ fileSize: number }> {
  const fleet = visibleFleet(fleetFor(job.fleet.seed, job.fleet.size), job.visibleAssetIds);
  const doc = buildReport({
    fleet,
    request: job.request,
    reportId: job.reportId,
    title: job.title,
    generatedAt: job.generatedAt,
    enteredRefills: job.enteredRefills,
    onProgress: (f) => onProgress(Math.min(1, Math.max(0, f)) * BUILD_SHARE),
  });
  onProgress(BUILD_SHARE);
  const chunks = await renderReportChunks(doc, job.request.format);
  onProgress(0.99);
  mkdirSync(job.dir, { recursive: true });
  const finalPath = join(job.dir, job.fileName);
  const tempPath = join(job.dir, `${job.fileName}.${process.pid}-${threadId}${TEMP_SUFFIX}`);
  try {
    const fileSize = writeChunks(tempPath, chunks);
    renameSync(tempPath, finalPath);
    return { fileSize };
  } catch (err) {
    rmSync(tempPath, { force: true });
    throw err;
  }
}

/** The chunks one after the other, never joined into one buffer (a 30-day json is 35 MB). */
function writeChunks(path: string, chunks: readonly Uint8Array[]): number {
  const fd = openSync(path, 'w');
  let size = 0;
  try {
    for (const chunk of chunks) {
      for (let at = 0; at < chunk.byteLength;) at += writeSync(fd, chunk, at, chunk.byteLength - at);
      size += chunk.byteLength;
    }
  } finally {
    closeSync(fd);
  }
  return size;
}
