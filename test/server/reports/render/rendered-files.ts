import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Poppler reads what pdfkit wrote: a reader that did not write the file. */
export async function readPdf(bytes: Uint8Array): Promise<{ pages: number; title: string; text: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'fleetdesk-pdf-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, bytes);
    const info = (await run('pdfinfo', [file])).stdout;
    const text = (await run('pdftotext', ['-layout', file, '-'], { maxBuffer: 64 * 1024 * 1024 })).stdout;
    const pages = Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
    const title = /^Title:\s+(.*)$/m.exec(info)?.[1] ?? '';
    // pdftotext ends every page with a form feed.
    return { pages, title, text: text.split('\f').slice(0, pages) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A page as pixels: pdftoppm renders it (a renderer that did not write the file). */
export interface PageRaster {
  readonly width: number;
  readonly height: number;
  /** [r, g, b] of the pixel at (x, y), 0–255. */
  rgb(x: number, y: number): [number, number, number];
}

export async function rasterPage(bytes: Uint8Array, page: number, dpi: number): Promise<PageRaster> {
  const dir = mkdtempSync(join(tmpdir(), 'fleetdesk-ppm-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, bytes);
    const args = ['-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', file];
    await run('pdftoppm', [...args, join(dir, 'page')]);
    return parsePpm(readFileSync(join(dir, 'page.ppm')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Binary PPM (P6): "P6 width height maxval" then width × height RGB triples. */
function parsePpm(data: Buffer): PageRaster {
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not a binary PPM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const pixels = data.subarray(header[0].length);
  return {
    width,
    height,
    rgb: (x, y) => {
      const i = (y * width + x) * 3;
      return [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
    },
  };
}
