import { ASSET_PHOTO_MAX_BYTES, sniffImageType } from '../../../../shared/interface';
import { PHOTO_UPLOAD_TYPES } from '../../../../shared/ipc';

const MIB = 1024 * 1024;
/** Enough of the file to tell JPEG, PNG and WebP apart by their magic numbers. */
export const SNIFF_BYTES = 12;

/** What the file picker offers; the content decides, whatever the name says. */
export const PHOTO_ACCEPT = PHOTO_UPLOAD_TYPES.join(',');

/**
 * The checks main and the service make (docs/service-interface.md §4.3 asset
 * photo), made in the page before a byte is read whole or sent: the size
 * first (a 40 MB camera original is refused at once), then the type by the
 * file's first bytes. null when the photo may go.
 */
export function photoFileProblem(name: string, size: number, head: Uint8Array): string | null {
  if (size === 0) return `${name} is empty.`;
  if (size > ASSET_PHOTO_MAX_BYTES)
    // Rounded up: a file just over the limit must not read as "5.0 MiB; at most 5 MiB".
    return `${name} is ${(Math.ceil((size / MIB) * 10) / 10).toFixed(1)} MiB; a photo may be at most ${ASSET_PHOTO_MAX_BYTES / MIB} MiB. Choose a smaller file or export it at a lower resolution.`;
  const type = sniffImageType(head);
  if (!PHOTO_UPLOAD_TYPES.some((t) => t === type))
    return `${name} is not a JPEG, PNG or WebP image${type ? ` (it is ${type})` : ''}; photos are checked by their content, not their name.`;
  return null;
}
