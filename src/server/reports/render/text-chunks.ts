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

/** Collects text as UTF-8 in chunks of about a megabyte. */
export class TextChunks {
  private readonly chunks: Buffer[] = [];
  private pending = '';
  private buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;

  push(text: string): void {
    this.pending += text;
    if (this.pending.length >= FLUSH_CHARS) this.encodePending();
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
    if (this.used + room > this.buffer.byteLength) {
      if (this.used > 0) this.chunks.push(this.buffer.subarray(0, this.used));
      this.buffer = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, room));
      this.used = 0;
    }
    this.used += this.buffer.write(text, this.used, 'utf8');
  }
}
