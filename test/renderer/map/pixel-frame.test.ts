import { describe, expect, it } from 'vitest';
import { PixelFrame, spriteFromImage } from '../../../src/renderer/src/features/map/pixel-frame';

/** A 2-cell sheet of 3×3 cells: cell 0 an opaque red centre pixel with a half-transparent red pixel to its right. */
function sheet(): ImageData {
  const img = new ImageData(6, 3);
  const set = (x: number, y: number, r: number, g: number, b: number, a: number): void => {
    const o = (y * 6 + x) * 4;
    img.data.set([r, g, b, a], o);
  };
  set(1, 1, 255, 0, 0, 255);
  set(2, 1, 255, 0, 0, 128);
  set(4, 1, 0, 0, 255, 255);
  return img;
}

const pixel = (f: PixelFrame, x: number, y: number): number[] =>
  Array.from(f.image.data.subarray((y * f.width + x) * 4, (y * f.width + x) * 4 + 4));

describe('markers composed in a pixel buffer', () => {
  it('keeps only the pixels a sprite covers, relative to its centre', () => {
    const s = spriteFromImage(sheet(), 0, 0, 3);
    expect(Array.from(s.dx)).toEqual([0, 1]);
    expect(Array.from(s.dy)).toEqual([0, 0]);
    expect(Array.from(s.alpha)).toEqual([255, 128]);
  });

  it('draws a sprite where asked and clips it at the frame edge', () => {
    const f = new PixelFrame(4, 4);
    const red = spriteFromImage(sheet(), 0, 0, 3);
    f.blit(red, 3, 0);
    expect(pixel(f, 3, 0)).toEqual([255, 0, 0, 255]);
    expect(pixel(f, 2, 0)).toEqual([0, 0, 0, 0]);
    f.clear();
    expect(pixel(f, 3, 0)).toEqual([0, 0, 0, 0]);
  });

  it('blends a soft edge over a marker drawn earlier', () => {
    const f = new PixelFrame(4, 4);
    const blue = spriteFromImage(sheet(), 1, 0, 3);
    const red = spriteFromImage(sheet(), 0, 0, 3);
    f.blit(blue, 2, 1);
    f.blit(red, 1, 1);
    // The red's opaque pixel replaces the blue's; its soft one, in the same run, blends over it.
    expect(pixel(f, 1, 1)).toEqual([255, 0, 0, 255]);
    const [r, g, b, a] = pixel(f, 2, 1);
    expect(a).toBe(255);
    expect(g).toBe(0);
    expect(r).toBeGreaterThan(100);
    expect(b).toBeGreaterThan(100);
  });
});
