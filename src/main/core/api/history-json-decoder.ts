import type { HistoryColumns } from '../../../shared/ipc/views';
import {
  allocateColumns,
  copyPoints,
  sliceColumns,
  UNKNOWN_U8,
  type WritableHistoryColumns,
} from '../cache/history-columns';

/**
 * The history answer (spec 2.8: `{"data":[positions]}`) read from its bytes
 * straight into columns. A month at 10 s is 259,200 positions, ~46 MB of JSON:
 * JSON.parse builds 259,200 objects and their strings, the schema then walks
 * them, and the garbage collector frees them, about a second in all. Here no
 * object is built per position.
 *
 * It reads the plain form any JSON encoder writes: `{"data":[{...},…]}` with
 * the nine spec 2.8 fields in any order, optional whitespace, other fields
 * skipped in the answer and in each position (as the schema drops them), no
 * escapes in keys or timestamps, no duplicate key of the nine; and what a
 * Laravel service writes (vendor-scalars.ts): numbers as decimal strings (a
 * DECIMAL column), ignition as 0 or 1 (a TINYINT column), timestamps to the
 * microsecond (Carbon's toJSON), read as the schema path reads them. It
 * checks what the schema (locationSchema) checks: types, coordinate ranges, satellites an
 * integer, the timestamp ISO 8601 with a zone. On anything else it returns
 * null and the caller parses the answer with JSON.parse and the schema, which
 * accepts every valid form and names what is wrong in an invalid one: this
 * decoder never decides that an answer is bad, it only declines to read it.
 */
export function decodeHistoryJson(bytes: Uint8Array): HistoryColumns | null {
  try {
    return new Decoder(bytes).answer();
  } catch (err) {
    if (err instanceof Decline) return null;
    throw err;
  }
}

class Decline extends Error {}
const DECLINE = new Decline('not in the plain form');

const QUOTE = 34;
const COMMA = 44;
const MINUS = 45;
const PLUS = 43;
const DOT = 46;
const COLON = 58;
const ZERO = 48;
const NINE = 57;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const BACKSLASH = 92;
/** The characters after a backslash in a JSON string: " \ / b f n r t (u is read on its own). */
const ESCAPES = new Set([34, 92, 47, 98, 102, 110, 114, 116]);
/** Deeper values in a field the decoder skips are left to JSON.parse. */
const MAX_SKIPPED_DEPTH = 32;
const CLOSE_BRACKET = 93;

/** Field bits, so a missing or repeated field is one comparison. */
const F_LAT = 1;
const F_LON = 2;
const F_ALT = 4;
const F_SPEED = 8;
const F_HEADING = 16;
const F_TS = 32;
const F_IGN = 64;
const F_ODO = 128;
const F_SAT = 256;
const ALL_FIELDS = 511;

const FIELDS: readonly (readonly [string, number])[] = [
  ['latitude', F_LAT],
  ['longitude', F_LON],
  ['altitude', F_ALT],
  ['speed', F_SPEED],
  ['heading', F_HEADING],
  ['timestamp', F_TS],
  ['ignition', F_IGN],
  ['odometer', F_ODO],
  ['satellites', F_SAT],
];
const DATA = Buffer.from('data', 'latin1');
const FIELD_BYTES = FIELDS.map(([name, bit]) => [Buffer.from(name, 'latin1'), bit] as const);

/** Powers of ten that are exact doubles: mantissa / 10^k is then correctly rounded, as JSON.parse's value. */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);
/** Digits a mantissa may have and stay below 2^53. */
const MAX_EXACT_DIGITS = 15;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

class Decoder {
  private at = 0;
  private out: WritableHistoryColumns;
  private count = 0;
  /** The last date seen (YYYY-MM-DD as a number) and its midnight UTC: a month has 30 of them. */
  private dateKey = -1;
  private dateMs = 0;
  /** The number just read when it is null: NaN. */
  private isNull = false;

  constructor(private readonly b: Uint8Array) {
    // ~180 bytes a position; grown if the guess is short.
    this.out = allocateColumns(Math.max(16, Math.ceil(b.length / 150)));
  }

  answer(): HistoryColumns {
    this.expect(OPEN_BRACE);
    // `data`, and beside it whatever else the answer carries (a Laravel resource's `links` and `meta`), skipped.
    let data = false;
    for (;;) {
      if (this.isKey(DATA)) {
        if (data) throw DECLINE;
        data = true;
        this.expect(COLON);
        this.positions();
      } else {
        if (this.peek() !== QUOTE) throw DECLINE;
        this.skipString();
        this.expect(COLON);
        this.skipValue(0);
      }
      const c = this.next();
      if (c === CLOSE_BRACE) break;
      if (c !== COMMA) throw DECLINE;
    }
    if (!data) throw DECLINE;
    this.skipSpace();
    if (this.at !== this.b.length) throw DECLINE;
    return this.count === this.out.t.length ? this.out : sliceColumns(this.out, 0, this.count);
  }

  private positions(): void {
    this.expect(OPEN_BRACKET);
    if (this.peek() === CLOSE_BRACKET) this.at++;
    else
      for (;;) {
        this.position();
        const c = this.next();
        if (c === CLOSE_BRACKET) break;
        if (c !== COMMA) throw DECLINE;
      }
  }

  /** Whether the next key is `name` exactly (read past it if so). */
  private isKey(name: Uint8Array): boolean {
    if (this.peek() !== QUOTE || !this.keyAt(this.at + 1, name)) return false;
    this.at += name.length + 2;
    return true;
  }

  /** Whether the bytes from `at` are `name` and the quote that closes it. */
  private keyAt(at: number, name: Uint8Array): boolean {
    const b = this.b;
    for (let k = 0; k < name.length; k++) if (b[at + k] !== name[k]) return false;
    return b[at + name.length] === QUOTE;
  }

  private position(): void {
    if (this.count === this.out.t.length) this.grow();
    const i = this.count;
    const o = this.out;
    this.expect(OPEN_BRACE);
    let seen = 0;
    for (;;) {
      const field = this.fieldKey();
      if (seen & field) throw DECLINE;
      seen |= field;
      this.expect(COLON);
      switch (field) {
        case 0:
          this.skipValue(0);
          break;
        case F_LAT: {
          const v = this.number(false);
          if (!(v >= -90 && v <= 90)) throw DECLINE;
          o.lat[i] = v;
          break;
        }
        case F_LON: {
          const v = this.number(false);
          if (!(v >= -180 && v <= 180)) throw DECLINE;
          o.lon[i] = v;
          break;
        }
        case F_ALT:
          o.alt[i] = this.number(true);
          break;
        case F_SPEED:
          o.speed[i] = this.number(true);
          break;
        case F_HEADING:
          o.heading[i] = this.number(true);
          break;
        case F_ODO:
          o.odometer[i] = this.number(true);
          break;
        case F_SAT: {
          const v = this.number(true);
          if (this.isNull) o.satellites[i] = UNKNOWN_U8;
          else if (!Number.isSafeInteger(v)) throw DECLINE;
          else o.satellites[i] = Math.min(254, Math.max(0, v));
          break;
        }
        case F_IGN:
          o.ignition[i] = this.literal();
          break;
        case F_TS:
          o.t[i] = this.timestamp();
          break;
      }
      const c = this.next();
      if (c === CLOSE_BRACE) break;
      if (c !== COMMA) throw DECLINE;
    }
    if (seen !== ALL_FIELDS) throw DECLINE;
    this.count++;
  }

  private grow(): void {
    const bigger = allocateColumns(this.out.t.length * 2);
    copyPoints(this.out, 0, this.count, bigger, 0);
    this.out = bigger;
  }

  private skipSpace(): void {
    const b = this.b;
    let c = b[this.at];
    while (c === 32 || c === 10 || c === 13 || c === 9) c = b[++this.at];
  }

  private peek(): number {
    this.skipSpace();
    return this.b[this.at] ?? -1;
  }

  private next(): number {
    this.skipSpace();
    return this.b[this.at++] ?? -1;
  }

  private expect(c: number): void {
    if (this.next() !== c) throw DECLINE;
  }

  /** One of the nine field names (its bit), or 0 for any other. Picked by its first bytes, then compared whole. */
  private fieldKey(): number {
    this.expect(QUOTE);
    const b = this.b;
    const at = this.at;
    const first = b[at];
    const second = b[at + 1];
    const index =
      first === 108 // l
        ? second === 97 // a
          ? 0
          : 1
        : first === 97 // a
          ? 2
          : first === 115 // s
            ? second === 112 // p
              ? 3
              : 8
            : first === 104 // h
              ? 4
              : first === 116 // t
                ? 5
                : first === 105 // i
                  ? 6
                  : first === 111 // o
                    ? 7
                    : -1;
    const field = FIELD_BYTES[index];
    if (field && this.keyAt(at, field[0])) {
      this.at = at + field[0].length + 1;
      return field[1];
    }
    // Another field (a Laravel resource's id, asset_id, created_at…): its value is skipped, as the schema
    // drops it. A key with an escape is left to the schema.
    let end = at;
    while (b[end] !== QUOTE) {
      const c = b[end];
      if (c === undefined || c === BACKSLASH || c < 32) throw DECLINE;
      end++;
    }
    this.at = end + 1;
    return 0;
  }

  /** Any JSON value, read and checked as JSON.parse would, and dropped. */
  private skipValue(depth: number): void {
    if (depth > MAX_SKIPPED_DEPTH) throw DECLINE;
    const c = this.peek();
    if (c === QUOTE) return this.skipString();
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      this.at++;
      const close = c === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
      if (this.peek() === close) {
        this.at++;
        return;
      }
      for (;;) {
        if (c === OPEN_BRACE) {
          if (this.peek() !== QUOTE) throw DECLINE;
          this.skipString();
          this.expect(COLON);
        }
        this.skipValue(depth + 1);
        const next = this.next();
        if (next === close) return;
        if (next !== COMMA) throw DECLINE;
      }
    }
    if (c === 116 || c === 102) {
      this.literal();
      return;
    }
    this.number(true);
  }

  /** A JSON string (RFC 8259 §7): escapes checked, no raw control character. */
  private skipString(): void {
    const b = this.b;
    let at = this.at + 1;
    for (;;) {
      const c = b[at++];
      if (c === undefined || c < 32) throw DECLINE;
      if (c === QUOTE) break;
      if (c !== BACKSLASH) continue;
      const e = b[at++];
      if (e === 117) {
        // \uXXXX
        for (let k = 0; k < 4; k++) {
          const h = b[at++] ?? 0;
          if (!((h >= ZERO && h <= NINE) || (h >= 65 && h <= 70) || (h >= 97 && h <= 102))) throw DECLINE;
        }
      } else if (e === undefined || !ESCAPES.has(e)) throw DECLINE;
    }
    this.at = at;
  }

  /** true 1, false 0, null UNKNOWN_U8; 0 and 1 as themselves. */
  private literal(): number {
    const c = this.peek();
    const b = this.b;
    const at = this.at;
    if ((c === ZERO || c === ZERO + 1) && !this.continuesNumber(b[at + 1])) {
      this.at += 1;
      return c - ZERO;
    }
    if (c === 116 && b[at + 1] === 114 && b[at + 2] === 117 && b[at + 3] === 101) {
      this.at += 4;
      return 1;
    }
    if (c === 102 && b[at + 1] === 97 && b[at + 2] === 108 && b[at + 3] === 115 && b[at + 4] === 101) {
      this.at += 5;
      return 0;
    }
    if (this.readNull()) return UNKNOWN_U8;
    throw DECLINE;
  }

  private readNull(): boolean {
    const b = this.b;
    const at = this.at;
    if (b[at] === 110 && b[at + 1] === 117 && b[at + 2] === 108 && b[at + 3] === 108) {
      this.at += 4;
      return true;
    }
    return false;
  }

  private continuesNumber(c: number | undefined): boolean {
    return c !== undefined && ((c >= ZERO && c <= NINE) || c === DOT || c === 101 || c === 69);
  }

  /** A JSON number (RFC 8259 §6), also as a string holding one, or null (NaN) where `nullable`. */
  private number(nullable: boolean): number {
    this.skipSpace();
    this.isNull = false;
    if (nullable && this.readNull()) {
      this.isNull = true;
      return Number.NaN;
    }
    if (this.b[this.at] !== QUOTE) return this.bareNumber();
    this.at++;
    const v = this.bareNumber();
    if (this.b[this.at] !== QUOTE) throw DECLINE;
    this.at++;
    return v;
  }

  private bareNumber(): number {
    const b = this.b;
    const from = this.at;
    let at = from;
    const negative = b[at] === MINUS;
    if (negative) at++;
    let mantissa = 0;
    let digits = 0;
    let c = b[at] ?? -1;
    if (c === ZERO) {
      c = b[++at] ?? -1;
    } else if (c > ZERO && c <= NINE) {
      do {
        mantissa = mantissa * 10 + (c - ZERO);
        digits++;
        c = b[++at] ?? -1;
      } while (c >= ZERO && c <= NINE);
    } else throw DECLINE;
    let decimals = 0;
    if (c === DOT) {
      c = b[++at] ?? -1;
      if (!(c >= ZERO && c <= NINE)) throw DECLINE;
      do {
        mantissa = mantissa * 10 + (c - ZERO);
        if (mantissa !== 0) digits++;
        decimals++;
        c = b[++at] ?? -1;
      } while (c >= ZERO && c <= NINE);
    }
    let exact = digits <= MAX_EXACT_DIGITS && decimals < POW10.length;
    if (c === 101 || c === 69) {
      // An exponent: rare in practice; the engine's own conversion reads it exactly.
      c = b[++at] ?? -1;
      if (c === PLUS || c === MINUS) c = b[++at] ?? -1;
      if (!(c >= ZERO && c <= NINE)) throw DECLINE;
      do c = b[++at] ?? -1;
      while (c >= ZERO && c <= NINE);
      exact = false;
    }
    this.at = at;
    if (!exact) {
      const v = Number(Buffer.from(b.buffer, b.byteOffset + from, at - from).toString('latin1'));
      if (!Number.isFinite(v)) throw DECLINE;
      return v;
    }
    const v = decimals === 0 ? mantissa : mantissa / (POW10[decimals] ?? 1);
    return negative ? -v : v;
  }

  /** Two ASCII digits at `at`, or -1. */
  private two(at: number): number {
    const hi = (this.b[at] ?? 0) - ZERO;
    const lo = (this.b[at + 1] ?? 0) - ZERO;
    return hi >= 0 && hi <= 9 && lo >= 0 && lo <= 9 ? hi * 10 + lo : -1;
  }

  /**
   * `YYYY-MM-DDTHH:MM:SS[.f…]` then `Z` or `±HH:MM`: what Date#toISOString and
   * Laravel write. Other ISO 8601 forms the schema takes are left to it.
   */
  private timestamp(): number {
    this.expect(QUOTE);
    const b = this.b;
    const at = this.at;
    const y1 = this.two(at);
    const y2 = this.two(at + 2);
    const month = this.two(at + 5);
    const day = this.two(at + 8);
    const hour = this.two(at + 11);
    const minute = this.two(at + 14);
    const second = this.two(at + 17);
    if (
      y1 < 0 ||
      y2 < 0 ||
      b[at + 4] !== MINUS ||
      b[at + 7] !== MINUS ||
      b[at + 10] !== 84 || // T
      b[at + 13] !== COLON ||
      b[at + 16] !== COLON ||
      month < 1 ||
      month > 12 ||
      day < 1 ||
      hour < 0 ||
      hour > 23 ||
      minute < 0 ||
      minute > 59 ||
      second < 0 ||
      second > 59
    )
      throw DECLINE;
    const year = y1 * 100 + y2;
    if (day > (month === 2 && isLeap(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0))) throw DECLINE;
    let p = at + 19;
    let ms = 0;
    if (b[p] === DOT) {
      let scale = 100;
      let n = 0;
      p++;
      for (let c = b[p] ?? -1; c >= ZERO && c <= NINE; c = b[++p] ?? -1) {
        // Below a millisecond (Laravel writes microseconds): dropped, as Date.parse drops them.
        if (n < 3) ms += (c - ZERO) * scale;
        scale /= 10;
        n++;
      }
      if (n === 0) throw DECLINE;
    }
    let offsetMin = 0;
    const zone = b[p];
    if (zone === 90) p++;
    else if (zone === PLUS || zone === MINUS) {
      const oh = this.two(p + 1);
      const om = this.two(p + 4);
      if (oh < 0 || om < 0 || oh > 23 || om > 59 || b[p + 3] !== COLON) throw DECLINE;
      offsetMin = (zone === PLUS ? 1 : -1) * (oh * 60 + om);
      p += 6;
    } else throw DECLINE;
    if (b[p] !== QUOTE) throw DECLINE;
    this.at = p + 1;
    const key = (year * 100 + month) * 100 + day;
    if (key !== this.dateKey) {
      this.dateKey = key;
      this.dateMs = Date.UTC(year, month - 1, day);
      // Date.UTC maps years 0–99 to 1900–1999.
      if (year < 100) this.dateMs = new Date(this.dateMs).setUTCFullYear(year);
    }
    return this.dateMs + ((hour * 60 + minute - offsetMin) * 60 + second) * 1000 + ms;
  }
}
