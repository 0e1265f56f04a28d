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

/**
 * Collects output as UTF-8 in chunks of about a megabyte. Text goes in with
 * `push`; the hot loops of long tables (a 30-day trail is 1.8 million cells)
 * write their bytes in place, between `reserve` and `commit`.
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

  /**
   * The index in `current` to write at, with room for `bytes` more, for
   * writers that put bytes in place (ascii-writers.ts); `commit` says how far
   * they wrote. Text pushed before is encoded first, so the order holds.
   */
  reserve(bytes: number): number {
    if (this.pending.length > 0) this.encodePending();
    if (this.used + bytes > this.buffer.byteLength) this.room(bytes);
    return this.used;
  }

  /** The chunk being written, valid until the next push, reserve or done. */
  get current(): Buffer {
    return this.buffer;
  }

  /** The bytes up to `at` of `current` are written. */
  commit(at: number): void {
    this.used = at;
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
