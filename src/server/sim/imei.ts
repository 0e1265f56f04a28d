/** 15-digit IMEI: 8-digit type allocation code, 6-digit serial, Luhn check digit. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidImei(imei: string): boolean {
  return /^\d{15}$/.test(imei) && luhnCheckDigit(imei.slice(0, 14)) === Number(imei[14]);
}

/** Type allocation codes of common vehicle trackers' modems (Quectel, Teltonika-like ranges). */
const TACS = ['35209810', '86123404', '35403409', '86644803', '35847610'];

export function makeImei(index: number, r: () => number): string {
  const tac = TACS[index % TACS.length]!;
  const serial = String((index * 7919 + Math.floor(r() * 1000)) % 1_000_000).padStart(6, '0');
  const body = tac + serial;
  return body + String(luhnCheckDigit(body));
}
