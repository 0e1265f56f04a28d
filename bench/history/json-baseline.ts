import { FETCH_PIECE_MS } from '../../src/main/core/history/history-service';

export interface BaselineTarget {
  readonly api_url: string;
  readonly account_key: string;
}

/**
 * bench:history's same-run baseline: the month's JSON bytes (the spec's form) received over HTTP and
 * nothing done with them, in the same week-sized requests the core makes: what any client pays
 * before doing anything.
 */
export async function jsonBaselineMs(
  service: BaselineTarget,
  token: string,
  assetId: number,
  start: number,
  end: number,
): Promise<number> {
  const t0 = performance.now();
  let bytes = 0;
  for (let s = start; s < end; s += FETCH_PIECE_MS) {
    const e = Math.min(end, s + FETCH_PIECE_MS);
    const url =
      `${service.api_url}/api/${service.account_key}/asset/${assetId}/history` +
      `?start=${new Date(s).toISOString()}&end=${new Date(e).toISOString()}`;
    const res = await fetch(url, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    bytes += (await res.arrayBuffer()).byteLength;
  }
  if (bytes === 0) throw new Error('the baseline received nothing');
  return performance.now() - t0;
}
