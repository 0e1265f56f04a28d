/**
 * Bytes as base64 text, by the fastest means the side at hand has: the page's Uint8Array.toBase64
 * (TC39 "Uint8Array to/from base64", Chromium 140+), Node's Buffer (the renderer's tests), or btoa.
 * The contract carries a file the page picked (a photo, an MBTiles file) as base64 (contract.ts).
 */
interface NodeBufferClass {
  from(bytes: ArrayBufferLike, byteOffset: number, length: number): { toString(encoding: 'base64'): string };
}
interface WithToBase64 {
  toBase64?(this: Uint8Array): string;
}

const nodeBuffer = (globalThis as { Buffer?: NodeBufferClass }).Buffer;
const CHUNK = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  const native = (bytes as WithToBase64).toBase64;
  if (native) return native.call(bytes);
  if (nodeBuffer) return nodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}
