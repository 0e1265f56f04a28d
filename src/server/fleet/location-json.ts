import type { Sample } from '../sim/types';

/**
 * Spec 2.8 positions written as JSON bytes straight into one buffer. A 30-day
 * history at 10 s is 259,200 points (~46 MB): building an object or even a
 * string per point spends most of a second in allocation and garbage
 * collection, so numbers and timestamps are written digit by digit instead.
 * /location uses the same writer, so a history point and the location at the
 * same instant are byte-identical.
 *
 * Precision: coordinates 1e-6° (~0.1 m), altitude/speed/heading 0.1,
 * odometer 0.001 km (metres).
 */
const enc = (s: string): Uint8Array => Buffer.from(s, 'latin1');
const K_LAT = enc('{"latitude":');
const K_LON = enc(',"longitude":');
const K_ALT = enc(',"altitude":');
const K_SPEED = enc(',"speed":');
const K_HEADING = enc(',"heading":');
const K_TS = enc(',"timestamp":"');
const K_IGN_TRUE = enc('","ignition":true');
const K_IGN_FALSE = enc('","ignition":false');
const K_ODO = enc(',"odometer":');
const K_SAT = enc(',"satellites":');
const NULL = enc('null');
const DAY_MS = 86_400_000;
const ZERO = 48;
const POW10 = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];

/** The longest point: every field at its widest (about 230 bytes); room to spare. */
const MAX_POINT_BYTES = 320;

interface WrittenPoint {
  readonly sample: Sample;
  readonly start: number;
  readonly tsStart: number;
  readonly tsEnd: number;
  readonly end: number;
}

/** Everything but the time is the same (NaN never is, so it is written afresh). */
const sameReading = ({ sample: a }: WrittenPoint, b: Sample): boolean =>
  a.lat === b.lat &&
  a.lon === b.lon &&
  a.alt === b.alt &&
  a.speed === b.speed &&
  a.heading === b.heading &&
  a.ignition === b.ignition &&
  a.odometerKm === b.odometerKm &&
  a.satellites === b.satellites;

export class LocationJsonWriter {
  private buf: Buffer;
  private len = 0;
  private day = Number.NaN;
  private dayPrefix: Uint8Array = new Uint8Array(0);
  /** The last point written and where its bytes are. */
  private prev: WrittenPoint | null = null;

  constructor(expectedPoints = 1) {
    this.buf = Buffer.allocUnsafe(Math.max(1024, Math.min(expectedPoints, 5_000_000) * 190));
  }

  raw(bytes: Uint8Array | string): this {
    const b = typeof bytes === 'string' ? enc(bytes) : bytes;
    this.ensure(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
    return this;
  }

  location(s: Sample): this {
    this.ensure(MAX_POINT_BYTES);
    const start = this.len;
    const prev = this.prev;
    if (prev !== null && sameReading(prev, s)) {
      // A parked vehicle repeats its reading (about two thirds of a day's fixes): copy it, write only the time.
      this.copy(prev.start, prev.tsStart);
      const tsStart = this.len;
      this.timestamp(s.t);
      const tsEnd = this.len;
      this.copy(prev.tsEnd, prev.end);
      this.prev = { sample: s, start, tsStart, tsEnd, end: this.len };
      return this;
    }
    this.put(K_LAT).fixed(s.lat, 6);
    this.put(K_LON).fixed(s.lon, 6);
    this.put(K_ALT).fixed(s.alt, 1);
    this.put(K_SPEED).fixed(s.speed, 1);
    this.put(K_HEADING).fixed(s.heading, 1);
    this.put(K_TS);
    const tsStart = this.len;
    this.timestamp(s.t);
    const tsEnd = this.len;
    this.put(s.ignition ? K_IGN_TRUE : K_IGN_FALSE);
    this.put(K_ODO).fixed(s.odometerKm, 3);
    this.put(K_SAT).fixed(s.satellites, 0);
    this.buf[this.len++] = 125; // }
    this.prev = { sample: s, start, tsStart, tsEnd, end: this.len };
    return this;
  }

  /** Comma-separated positions, e.g. the elements of a history array. */
  locations(): (s: Sample) => void {
    let first = true;
    return (s) => {
      if (!first) {
        this.ensure(1);
        this.buf[this.len++] = 44; // ,
      }
      first = false;
      this.location(s);
    };
  }

  toBuffer(): Buffer {
    return this.buf.subarray(0, this.len);
  }

  private ensure(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + n));
    this.buf.copy(next, 0, 0, this.len);
    this.buf = next;
  }

  // A byte loop: for fragments this short it beats Uint8Array#set's call overhead.
  private copy(from: number, to: number): void {
    this.buf.copyWithin(this.len, from, to);
    this.len += to - from;
  }

  private put(b: Uint8Array): this {
    const buf = this.buf;
    let at = this.len;
    for (let i = 0; i < b.length; i++) buf[at++] = b[i] ?? 0;
    this.len = at;
    return this;
  }

  /** A JSON number rounded to `decimals`, trailing zeros dropped; non-finite → null. */
  private fixed(x: number, decimals: number): this {
    if (!Number.isFinite(x) || Math.abs(x) > 1e12) return this.put(NULL);
    const scale = POW10[decimals] ?? 10 ** decimals;
    let n = Math.round(Math.abs(x) * scale);
    if (n !== 0 && x < 0) this.buf[this.len++] = 45; // -
    let frac = n % scale;
    n = (n - frac) / scale;
    this.integer(n);
    if (frac === 0) return this;
    let width = decimals;
    while (frac % 10 === 0) {
      frac /= 10;
      width--;
    }
    this.buf[this.len++] = 46; // .
    this.integer(frac, width);
    return this;
  }

  /** A non-negative integer, zero-padded to `width`, written from its last digit backwards. */
  private integer(n: number, width = 1): void {
    const buf = this.buf;
    let digits = 1;
    for (let p = 10; p <= n && digits < 17; p *= 10) digits++;
    let at = this.len;
    for (let i = digits; i < width; i++) buf[at++] = ZERO;
    const first = at;
    at += digits;
    this.len = at;
    // Small integers take the int32 path (|0), several times faster than floating-point division.
    if (n < 2_147_483_648) {
      let v = n | 0;
      while (at > first) {
        const q = (v / 10) | 0;
        buf[--at] = ZERO + v - q * 10;
        v = q;
      }
    } else {
      let v = n;
      while (at > first) {
        const q = Math.floor(v / 10);
        buf[--at] = ZERO + v - q * 10;
        v = q;
      }
    }
  }

  /** ISO 8601 UTC with milliseconds, as Date#toISOString writes it (years 0–9999). */
  private timestamp(t: number): void {
    const day = Math.floor(t / DAY_MS);
    if (day !== this.day) {
      this.day = day;
      this.dayPrefix = enc(new Date(day * DAY_MS).toISOString().slice(0, 11));
    }
    this.put(this.dayPrefix);
    let ms = t - day * DAY_MS;
    const h = Math.floor(ms / 3_600_000);
    ms -= h * 3_600_000;
    const m = Math.floor(ms / 60_000);
    ms -= m * 60_000;
    const sec = Math.floor(ms / 1000);
    ms -= sec * 1000;
    this.integer(h, 2);
    this.buf[this.len++] = 58; // :
    this.integer(m, 2);
    this.buf[this.len++] = 58;
    this.integer(sec, 2);
    this.buf[this.len++] = 46;
    this.integer(ms, 3);
    this.buf[this.len++] = 90; // Z
  }
}
