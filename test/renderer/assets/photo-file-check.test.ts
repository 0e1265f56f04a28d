import { describe, expect, it } from 'vitest';
import { PHOTO_ACCEPT, photoFileProblem } from '../../../src/renderer/src/features/assets/photo-file-check';

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00');
const MIB = 1024 * 1024;

describe('a photo checked in the page before it is read whole or sent', () => {
  it('lets a JPEG, PNG or WebP of at most 5 MiB through', () => {
    expect(photoFileProblem('van.jpg', 5 * MIB, JPEG)).toBeNull();
    expect(PHOTO_ACCEPT).toBe('image/jpeg,image/png,image/webp');
  });

  it('refuses a file over 5 MiB with its size and what to do', () => {
    expect(photoFileProblem('camera.jpg', 12.4 * MIB, JPEG)).toBe(
      'camera.jpg is 12.4 MiB; a photo may be at most 5 MiB. Choose a smaller file or export it at a lower resolution.',
    );
  });

  it('judges the type by content, whatever the name says', () => {
    expect(photoFileProblem('van.jpg', 2000, GIF)).toBe(
      'van.jpg is not a JPEG, PNG or WebP image (it is image/gif); photos are checked by their content, not their name.',
    );
    expect(photoFileProblem('notes.png', 2000, new TextEncoder().encode('hello world!'))).toMatch(
      /^notes\.png is not a JPEG, PNG or WebP image; /,
    );
    expect(photoFileProblem('empty.png', 0, new Uint8Array())).toBe('empty.png is empty.');
  });
});
