import type { DownloadResponse } from '../../../../src/shared/interface';

/** A PDF report's download answer (spec 2.4) pointing at `url` for a file of `size` bytes, valid an hour. */
export const downloadLinkTo = (url: string, size: number): DownloadResponse => ({
  status: 'success',
  download_url: url,
  file_size: size,
  file_size_human: `${size} B`,
  content_type: 'application/pdf',
  filename: 'trail_Van_20260101_20260101.pdf',
  expires_in_hours: 1,
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
});
