import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
