/** ISO 3779 VIN with the North-American check digit (position 9), which validators everywhere compute. */
const TRANSLIT: Readonly<Record<string, number>> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
export const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

function value(ch: string): number {
  return /\d/.test(ch) ? Number(ch) : (TRANSLIT[ch] ?? 0);
}

export function vinCheckDigit(vin17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += value(vin17[i]!) * WEIGHTS[i]!;
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

export function isValidVin(vin: string): boolean {
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(vin) && vinCheckDigit(vin) === vin[8];
}

/** wmi: 3-letter manufacturer code; yearCode: ISO model-year letter; serial from r(). */
export function makeVin(wmi: string, yearCode: string, r: () => number): string {
  const pickChar = (): string => VIN_ALPHABET[Math.floor(r() * VIN_ALPHABET.length)]!;
  const vds = Array.from({ length: 5 }, pickChar).join('');
  const plant = pickChar();
  const serial = String(Math.floor(r() * 1_000_000)).padStart(6, '0');
  const draft = `${wmi}${vds}0${yearCode}${plant}${serial}`;
  return draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9);
}

/** ISO 3779 model-year letters from 2010 (A) on. */
export function modelYearCode(year: number): string {
  const codes = 'ABCDEFGHJKLMNPRSTVWXY123456789';
  return codes[(year - 2010 + codes.length * 10) % codes.length]!;
}
