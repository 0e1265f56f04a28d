import { FILE_EXTENSIONS, type ReportFormat } from '../../../shared/interface';

/*
 * File names that come from the network, made safe as one file name on Windows, macOS and Linux
 * (docs/interface-decisions.md, "The desktop client's reading of the spec"). Hand-written because
 * the maintained package (filenamify) knows device names only without an extension (`CON`, not
 * `CON.pdf`) and keeps no extension of its own choosing.
 */

/** Control and format characters: C0/C1 controls, bidi embeddings, overrides, isolates and marks (U+202E shows `fdp.exe` as `exe.pdf`), zero-width characters, line separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
/** Reserved in Windows file names; `/` everywhere. */
const RESERVED = /[<>:"/\\|?*]/g;
/** Windows opens a device for these names, with any extension and in any case. */
const DEVICE = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/i;
/** Bytes of UTF-8: ext4 and APFS allow 255 a name; this leaves room for the download's temp suffix. */
const MAX_BYTES = 200;
const FALLBACK = 'report';

/** A name from the network as one file name: its last path segment, cleaned. */
export function safeFilename(name: string): string {
  const clean = trimEnds(tidy(lastSegment(name)));
  const dot = clean.lastIndexOf('.');
  return dot <= 0 ? finish(clean, '') : finish(clean.slice(0, dot), clean.slice(dot + 1));
}

/**
 * A report file's name: the service's name without its extension, made
 * safe, and the extension of the format that was asked for. The service
 * names the file; the format, not the service, decides how the system opens it.
 */
export function reportFilename(served: string, format: ReportFormat): string {
  const ext = FILE_EXTENSIONS[format];
  let stem = tidy(lastSegment(served)).replace(/\.[\p{L}\p{N}]{1,10}$/u, '');
  // `report.pdf.exe` becomes `report.pdf`, not `report.pdf.pdf`.
  if (stem.toLowerCase().endsWith(`.${ext}`)) stem = stem.slice(0, -ext.length - 1);
  return finish(stem, ext);
}

/** True when `name` is already the safe name of a `format` report (a name kept by an older version may not be). */
export const isReportFilename = (name: string, format: ReportFormat): boolean =>
  reportFilename(name, format) === name;

function lastSegment(name: string): string {
  return name.split(/[/\\]/).pop() ?? '';
}

function tidy(name: string): string {
  return name.normalize('NFC').replace(INVISIBLE, '').replace(RESERVED, '_');
}

function finish(stem: string, ext: string): string {
  const suffix = ext === '' ? '' : `.${ext}`;
  // No hidden or relative names; Windows drops trailing dots and spaces, so `x.exe.` would be `x.exe`.
  let s = trimEnds(stem);
  if (DEVICE.test(s.split('.')[0]!.trimEnd())) s = `_${s}`;
  s = trimEnds(truncate(s, MAX_BYTES - Buffer.byteLength(suffix)));
  return `${s === '' ? FALLBACK : s}${suffix}`;
}

const trimEnds = (s: string): string => s.replace(/^[.\s]+/u, '').replace(/[.\s]+$/u, '');

/** At most `bytes` of UTF-8, cut between code points. */
function truncate(s: string, bytes: number): string {
  if (Buffer.byteLength(s) <= bytes) return s;
  let out = '';
  let used = 0;
  for (const ch of s) {
    used += Buffer.byteLength(ch);
    if (used > bytes) break;
    out += ch;
  }
  return out;
}
