/** Thumbnails are drawn at twice their CSS size, for HiDPI screens and 125 % zoom. */
const THUMB_PX = 80;

/**
 * A small square copy of an asset's photo for the asset list: a row holds a
 * few kilobytes instead of the up to 5 MiB the photo may be, so a list of
 * thousands scrolls without keeping every photo decoded. Where the image
 * cannot be redrawn (no canvas), the photo itself serves.
 */
export async function thumbnailOf(dataUrl: string): Promise<string> {
  try {
    const img = new Image();
    img.src = dataUrl;
    await img.decode();
    const side = Math.min(img.naturalWidth, img.naturalHeight);
    if (side === 0) return dataUrl;
    const canvas = document.createElement('canvas');
    canvas.width = THUMB_PX;
    canvas.height = THUMB_PX;
    const g = canvas.getContext('2d');
    if (!g) return dataUrl;
    // Centre-cropped to a square: a vehicle photo is wider than tall, the thumbnail is square.
    const sx = (img.naturalWidth - side) / 2;
    const sy = (img.naturalHeight - side) / 2;
    g.drawImage(img, sx, sy, side, side, 0, 0, THUMB_PX, THUMB_PX);
    const thumb = canvas.toDataURL('image/webp', 0.8);
    return thumb.startsWith('data:image/') ? thumb : dataUrl;
  } catch {
    return dataUrl;
  }
}
