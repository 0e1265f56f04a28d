import { crc32, createDeflateRaw, deflateRawSync, type DeflateRaw } from 'node:zlib';

/**
 * A minimal ZIP writer (PKWARE APPNOTE 4.3: local headers, central
 * directory, end record; deflate, no ZIP64) on Node's own zlib. An XLSX file
 * is such a ZIP; writing it here rather than through a zip library adds no
 * dependency. Sizes stay far below ZIP64's 4 GiB limit (checked).
 */
export interface ZipEntry {
  readonly name: string;
  /**
   * The file's bytes, produced as the archive asks for them: a large sheet
   * is written chunk by chunk while zlib deflates the previous chunk on
   * libuv's thread pool, so writing and deflating overlap.
   */
  readonly content: () => Iterable<Uint8Array>;
}

/** Level 1: several times faster than the default on 10 MB sheets, for a few percent of size. */
const DEFLATE_LEVEL = 1;
/**
 * Room for the deflated form of one input chunk (text-chunks.ts writes about
 * a megabyte, which level 1 packs to a fifth), so each chunk is one trip to
 * the thread pool rather than one per 16 K of output (zlib's default).
 */
const DEFLATE_OUTPUT_CHUNK = 4 << 20;
const UTF8_NAMES = 0x0800;
const DEFLATE = 8;
const VERSION = 20;
const MAX_32 = 0xffff_ffff;

interface Packed {
  readonly crc: number;
  readonly rawSize: number;
  readonly packed: readonly Uint8Array[];
  readonly packedSize: number;
}

/** The archive's bytes, in order, as chunks (a caller may write them without joining them). */
export async function zipArchive(entries: readonly ZipEntry[], modified: Date): Promise<Buffer[]> {
  const { time, date } = dosDateTime(modified);
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const { crc, rawSize, packed, packedSize } = await deflateEntry(entry.content());
    if (rawSize > MAX_32 || offset + packedSize > MAX_32) {
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
    local.writeUInt32LE(packedSize, 18);
    local.writeUInt32LE(rawSize, 22);
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
    dir.writeUInt32LE(packedSize, 20);
    dir.writeUInt32LE(rawSize, 24);
    dir.writeUInt16LE(name.byteLength, 28);
    // Extra, comment, disk, internal and external attributes: all zero.
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);

    parts.push(local, name);
    for (const p of packed) parts.push(Buffer.from(p.buffer, p.byteOffset, p.byteLength));
    offset += local.byteLength + name.byteLength + packedSize;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  parts.push(directory, end);
  return parts;
}

/**
 * A part of one chunk (the package's small XML parts) is deflated at once;
 * a longer one is streamed through zlib, one chunk in flight while the next
 * one is produced.
 */
async function deflateEntry(content: Iterable<Uint8Array>): Promise<Packed> {
  const chunks = content[Symbol.iterator]();
  const first = chunks.next();
  const second = first.done ? first : chunks.next();
  if (second.done) {
    const raw = first.done ? new Uint8Array(0) : first.value;
    const packed = deflateRawSync(raw, { level: DEFLATE_LEVEL });
    return { crc: crc32(raw), rawSize: raw.byteLength, packed: [packed], packedSize: packed.byteLength };
  }

  const deflater = createDeflateRaw({ level: DEFLATE_LEVEL, chunkSize: DEFLATE_OUTPUT_CHUNK });
  const packed: Buffer[] = [];
  let packedSize = 0;
  deflater.on('data', (b: Buffer) => {
    packed.push(b);
    packedSize += b.byteLength;
  });
  const ended = new Promise<void>((resolve, reject) => {
    deflater.once('end', resolve);
    deflater.once('error', reject);
  });
  // A failed write rejects its own promise too; this one is awaited only on success.
  void ended.catch(() => undefined);
  let crc = 0;
  let rawSize = 0;
  let inFlight: Promise<void> = Promise.resolve();
  try {
    let next: IteratorResult<Uint8Array> = first;
    let after: IteratorResult<Uint8Array> | null = second;
    while (!next.done) {
      crc = crc32(next.value, crc);
      rawSize += next.value.byteLength;
      await inFlight;
      inFlight = written(deflater, next.value);
      // Produced while zlib works on the chunk just handed over.
      next = after ?? chunks.next();
      after = null;
    }
    await inFlight;
    deflater.end();
    await ended;
  } catch (err) {
    deflater.destroy();
    throw err;
  }
  return { crc, rawSize, packed, packedSize };
}

const written = (deflater: DeflateRaw, chunk: Uint8Array): Promise<void> =>
  new Promise((resolve, reject) => deflater.write(chunk, (err) => (err ? reject(err) : resolve())));

/** ZIP stores times as MS-DOS local date and time; we write UTC, like the report's own times. */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.min(2107, Math.max(1980, d.getUTCFullYear()));
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}
