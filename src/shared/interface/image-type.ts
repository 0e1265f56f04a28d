import type { AssetPhotoType } from './asset-photo';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const ascii = (b: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...b.subarray(from, to));

/**
 * The image type the bytes really are (magic numbers), whatever a file's name
 * or a client declared; null for anything else. The service checks uploads
 * with it and the app checks a photo with it before sending.
 */
export function sniffImageType(b: Uint8Array): AssetPhotoType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && PNG.every((v, i) => b[i] === v)) return 'image/png';
  if (b.length >= 6 && /^GIF8[79]a$/.test(ascii(b, 0, 6))) return 'image/gif';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'image/webp';
  return null;
}
