/**
 * Collects text in megabyte chunks: a 35 MB json or a 55 MB sheet is never
 * one string, and each chunk is encoded to UTF-8 once.
 */
export class TextChunks {
  readonly chunks: Buffer[] = [];
  private pending = '';

  push(text: string): void {
    this.pending += text;
    if (this.pending.length >= 1 << 20) this.flush();
  }

  /** The bytes written so far, pending text included. */
  done(): Buffer[] {
    this.flush();
    return this.chunks;
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.chunks.push(Buffer.from(this.pending, 'utf8'));
    this.pending = '';
  }
}
