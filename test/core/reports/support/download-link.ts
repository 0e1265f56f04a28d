import type { DownloadResponse } from '../../../../src/shared/interface';

/**
 * A report's download answer (spec 2.4) pointing at `url` for a file of `size` bytes, valid an hour: a PDF's
 * unless `file` names another type and name.
 */
export const downloadLinkTo = (
  url: string,
  size: number,
  file: Pick<DownloadResponse, 'content_type' | 'filename'> = {
    content_type: 'application/pdf',
    filename: 'trail_Van_20260101_20260101.pdf',
  },
): DownloadResponse => ({
  status: 'success',
  download_url: url,
  file_size: size,
  file_size_human: `${size} B`,
  ...file,
  expires_in_hours: 1,
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
});
