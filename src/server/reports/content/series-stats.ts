/** Running min / max / mean of a series, without keeping it. */
export class SeriesStats {
  count = 0;
  min = Infinity;
  max = -Infinity;
  private total = 0;

  add(value: number): void {
    this.count++;
    this.total += value;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
  }

  get mean(): number | null {
    return this.count > 0 ? this.total / this.count : null;
  }
  get minOrNull(): number | null {
    return this.count > 0 ? this.min : null;
  }
  get maxOrNull(): number | null {
    return this.count > 0 ? this.max : null;
  }
}
