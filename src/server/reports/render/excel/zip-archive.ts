import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A minimal ZIP writer (PKWARE APPNOTE 4.3: local headers, central
 * directory, end record; deflate or store, no ZIP64) on Node's own zlib.
 * An XLSX file is such a ZIP; writing it here rather than through a zip
 * library keeps the 60 MB of a 30-day trail sheet to one deflate call and
 * adds no dependency. Sizes stay far below ZIP64's 4 GiB limit (checked).
 */
export interface ZipEntry {
  readonly name: string;
  /** The file's bytes, in as many chunks as its writer produced. */
  readonly chunks: readonly Uint8Array[];
}

/** Level 1: several times faster than the default on 10 MB sheets, for a few percent of size. */
const DEFLATE_LEVEL = 1;
const UTF8_NAMES = 0x0800;
const DEFLATE = 8;
const VERSION = 20;
const MAX_32 = 0xffff_ffff;

export function zipArchive(entries: readonly ZipEntry[], modified: Date): Buffer {
  const { time, date } = dosDateTime(modified);
  const parts: Uint8Array[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const raw = entry.chunks.length === 1 ? entry.chunks[0]! : Buffer.concat(entry.chunks);
    const packed = deflateRawSync(raw, { level: DEFLATE_LEVEL });
    const crc = crc32(raw);
    if (raw.byteLength > MAX_32 || offset + packed.byteLength > MAX_32) {
      throw new Error(`${entry.name} is too large for a ZIP without ZIP64`);
    }
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.byteLength, 18);
    local.writeUInt32LE(raw.byteLength, 22);
    local.writeUInt16LE(name.byteLength, 26);
    local.writeUInt16LE(0, 28);

    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(VERSION, 4);
    dir.writeUInt16LE(VERSION, 6);
    dir.writeUInt16LE(UTF8_NAMES, 8);
    dir.writeUInt16LE(DEFLATE, 10);
    dir.writeUInt16LE(time, 12);
    dir.writeUInt16LE(date, 14);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(packed.byteLength, 20);
    dir.writeUInt32LE(raw.byteLength, 24);
    dir.writeUInt16LE(name.byteLength, 28);
    // Extra, comment, disk, internal and external attributes: all zero.
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);

    parts.push(local, name, packed);
    offset += local.byteLength + name.byteLength + packed.byteLength;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/** ZIP stores times as MS-DOS local date and time; we write UTC, like the report's own times. */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.min(2107, Math.max(1980, d.getUTCFullYear()));
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}
