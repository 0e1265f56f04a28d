/**
 * Bytes as base64 text and back, by the fastest means the side at hand has: the page's
 * Uint8Array.toBase64/fromBase64 (TC39 "Uint8Array to/from base64", Chromium 140+), the browser-shell
 * host's Node Buffer, or btoa/atob. A month's history is about 12 MB of columns (typed-json.ts):
 * native base64 turns it around in tens of milliseconds.
 */
interface NodeBufferClass {
  from(bytes: ArrayBufferLike, byteOffset: number, length: number): { toString(encoding: 'base64'): string };
  from(text: string, encoding: 'base64'): Uint8Array<ArrayBuffer>;
}
interface WithToBase64 {
  toBase64?(this: Uint8Array): string;
}
interface WithFromBase64 {
  fromBase64?(text: string): Uint8Array<ArrayBuffer>;
}

const nodeBuffer = (globalThis as { Buffer?: NodeBufferClass }).Buffer;
const CHUNK = 0x8000;
/** Canonical base64 (RFC 4648 §4): what atob and Node's lenient decoder must not be handed anything but. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function bytesToBase64(bytes: Uint8Array): string {
  const native = (bytes as WithToBase64).toBase64;
  if (native) return native.call(bytes);
  if (nodeBuffer) return nodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

/** Null for text that is not canonical base64: the caller keeps what it had and its parser says no. */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | null {
  const native = (Uint8Array as WithFromBase64).fromBase64;
  if (native) {
    try {
      return native(text);
    } catch {
      return null;
    }
  }
  if (!BASE64.test(text)) return null;
  if (nodeBuffer) {
    // A plain view, not the Buffer: Buffer's slice() shares memory where Uint8Array's copies.
    const b = nodeBuffer.from(text, 'base64');
    return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  }
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
