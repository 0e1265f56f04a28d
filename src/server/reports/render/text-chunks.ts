import { writeDecimal } from './decimal-bytes';

/** Output chunks are about this size: a 35 MB json or a 55 MB sheet is never one string or one buffer. */
const CHUNK_BYTES = 1 << 20;
/**
 * Pending text is encoded once it is this long. Measured on a 30-day trail:
 * encoding megabyte strings built from 1.8 million small pieces cost a
 * third more CPU (the rope lives long enough to be promoted, then is
 * flattened) than encoding 16 K strings into a reused megabyte buffer.
 */
const FLUSH_CHARS = 1 << 14;
/** A UTF-16 code unit is at most three bytes of UTF-8. */
const MAX_UTF8_PER_CHAR = 3;
/** The longest number `number` writes itself ("-" and 21 digits, a point); longer ones go through String(). */
const MAX_NUMBER_BYTES = 24;

/**
 * Collects output as UTF-8 in chunks of about a megabyte. Text goes in with
 * `push`; the hot loops of long tables (a 30-day trail is 1.8 million cells)
 * write bytes, digits and numbers straight into the chunk with `bytes` and
 * `number`, so no string is built per cell.
 */
export class TextChunks {
  private readonly chunks: Buffer[] = [];
  private pending = '';
  private buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;

  push(text: string): void {
    this.pending += text;
    if (this.pending.length >= FLUSH_CHARS) this.encodePending();
  }

  /** Pre-encoded bytes, e.g. a column's `,"lat":` or `</v></c>`. */
  bytes(b: Uint8Array): void {
    if (this.pending.length > 0) this.encodePending();
    const n = b.length;
    if (this.used + n > this.buffer.byteLength) this.room(n);
    const buf = this.buffer;
    let at = this.used;
    // A byte loop beats TypedArray.set for the few bytes of a token.
    for (let i = 0; i < n; i++) buf[at++] = b[i]!;
    this.used = at;
  }

  /** A number as String(value) writes it (json-number.test.ts holds them equal). */
  number(value: number): void {
    this.written(MAX_NUMBER_BYTES, writeDecimal, value, String);
  }

  /**
   * `value` as up to `max` bytes from `write`, which returns the index after
   * what it wrote, or -1 to have `fallback(value)` pushed as text instead.
   */
  written(
    max: number,
    write: (buf: Uint8Array, at: number, value: number) => number,
    value: number,
    fallback: (value: number) => string,
  ): void {
    if (this.pending.length > 0) this.encodePending();
    if (this.used + max > this.buffer.byteLength) this.room(max);
    const at = write(this.buffer, this.used, value);
    if (at >= 0) this.used = at;
    else this.push(fallback(value));
  }

  /** How many chunks are full and not yet taken. */
  get fullCount(): number {
    return this.chunks.length;
  }

  /** The full chunks, for a consumer that starts on them before the text is done; each is handed over once. */
  takeFull(): Buffer[] {
    return this.chunks.splice(0);
  }

  /** The rest of the bytes written, pending text included. */
  done(): Buffer[] {
    this.encodePending();
    if (this.used > 0) this.chunks.push(this.buffer.subarray(0, this.used));
    this.buffer = Buffer.alloc(0);
    this.used = 0;
    return this.chunks.splice(0);
  }

  private encodePending(): void {
    const text = this.pending;
    if (text.length === 0) return;
    this.pending = '';
    const room = text.length * MAX_UTF8_PER_CHAR;
    if (this.used + room > this.buffer.byteLength) this.room(room);
    this.used += this.buffer.write(text, this.used, 'utf8');
  }

  /** Closes the current chunk and starts one with room for `bytes`. */
  private room(bytes: number): void {
    if (this.used > 0) this.chunks.push(this.buffer.subarray(0, this.used));
    this.buffer = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, bytes));
    this.used = 0;
  }
}

/** ASCII text as bytes, once, for `TextChunks.bytes`. */
export const asciiBytes = (text: string): Uint8Array => Buffer.from(text, 'latin1');
