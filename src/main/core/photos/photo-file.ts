import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { ASSET_PHOTO_MAX_BYTES, sniffImageType } from '../../../shared/interface';
import { PHOTO_UPLOAD_TYPES } from '../../../shared/ipc/fleet-admin-views';
import { CoreError } from '../core-error';

export interface PhotoFile {
  readonly filename: string;
  readonly bytes: Uint8Array;
  readonly contentType: (typeof PHOTO_UPLOAD_TYPES)[number];
}

const MIB = 1024 * 1024;
const refused = (message: string): CoreError =>
  new CoreError('invalid_request', message, { photo: [message] });

const tooLarge = (size: number): CoreError =>
  refused(
    `The photo is ${(size / MIB).toFixed(1)} MiB; the service takes at most ${ASSET_PHOTO_MAX_BYTES / MIB} MiB. Choose a smaller file or export it at a lower resolution.`,
  );

/** The checks the service makes (docs/service-interface.md §4.3), made before anything is sent. */
export function checkedPhoto(filename: string, bytes: Uint8Array): PhotoFile {
  if (bytes.length === 0) throw refused(`${filename} is empty.`);
  if (bytes.length > ASSET_PHOTO_MAX_BYTES) throw tooLarge(bytes.length);
  const type = sniffImageType(bytes);
  const contentType = PHOTO_UPLOAD_TYPES.find((t) => t === type);
  if (!contentType)
    throw refused(
      `${filename} is not a JPEG, PNG or WebP image${type ? ` (it is ${type})` : ''}; photos are checked by their content, not their name.`,
    );
  return { filename, bytes, contentType };
}

/** Reads a chosen file, refusing one over the limit before reading it whole. */
export async function readPhotoFile(path: string): Promise<PhotoFile> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size > ASSET_PHOTO_MAX_BYTES) throw tooLarge(size);
    const bytes = new Uint8Array(size);
    const { bytesRead } = await handle.read(bytes, 0, size, 0);
    return checkedPhoto(basename(path), bytes.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** Bytes the page sent (the browser shell's file input), as base64. */
export function photoFromBase64(name: string, base64: string): PhotoFile {
  return checkedPhoto(
    basename(name.replaceAll('\\', '/')) || 'photo',
    new Uint8Array(Buffer.from(base64, 'base64')),
  );
}
