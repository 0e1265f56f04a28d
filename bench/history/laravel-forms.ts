import { toColumns } from '../../src/main/core/api/fleet-api';
import { decodeHistoryJson } from '../../src/main/core/api/history-json-decoder';
import { parseVendorScalars } from '../../src/main/core/api/vendor-scalars';
import { historyResponseSchema } from '../../src/shared/interface';
import type { HistoryColumns } from '../../src/shared/ipc/views';
import { figureLine as line, fmt } from './figures';
import { percentile } from '../support/sample-stats';
import { laravelPosition } from '../../test/support/laravel-forms';

const RUNS = 5;

/**
 * The same positions as a Laravel service writes them (test/support/laravel-forms.ts); without casts the
 * resource also names the row and the asset, fields the spec does not have.
 */
function laravelForm(text: string, cast: boolean): Uint8Array {
  const body = JSON.parse(text) as { data: Record<string, unknown>[] };
  const data = body.data.map((p, i) => {
    const out = laravelPosition(p, { cast });
    return cast ? out : { id: i + 1, asset_id: 1, ...out };
  });
  return new TextEncoder().encode(JSON.stringify({ ...body, data }));
}

/** What the core did before it read these forms itself: JSON.parse, the schema, then columns. */
function viaSchema(bytes: Uint8Array): HistoryColumns {
  const parsed = parseVendorScalars(historyResponseSchema, JSON.parse(new TextDecoder().decode(bytes)));
  if (!parsed.success) throw parsed.error;
  return toColumns(parsed.data.data);
}

/**
 * bench:history's Laravel part: a week of the month (the size of one of the core's history requests) in the
 * two forms a Laravel service plausibly writes, read by the core's decoder, against JSON.parse and the
 * schema on the same bytes in the same run (what a cast service's microseconds always cost before, and
 * what reading an uncast one would cost without the decoder).
 */
export function benchLaravelForms(weekJson: string): void {
  for (const cast of [true, false]) {
    const bytes = laravelForm(weekJson, cast);
    const decoded: number[] = [];
    const schema: number[] = [];
    let points = 0;
    for (let run = 0; run < RUNS; run++) {
      const t0 = performance.now();
      const columns = decodeHistoryJson(bytes);
      decoded.push(performance.now() - t0);
      if (!columns) throw new Error('the decoder declined a Laravel form');
      const t1 = performance.now();
      const expected = viaSchema(bytes);
      schema.push(performance.now() - t1);
      if (expected.t.length !== columns.t.length || expected.lat.some((v, i) => v !== columns.lat[i]))
        throw new Error('the decoder and the schema read the Laravel form differently');
      points = columns.t.length;
    }
    const label = cast ? 'with casts (microseconds)' : 'without casts (strings, 0/1, id and asset_id)';
    console.log(
      `  a Laravel service's week, ${label}: ${fmt(points)} points, ${fmt(bytes.length / 1e6, 1)} MB`,
    );
    console.log(line('  read by the decoder', decoded));
    console.log(line('  JSON.parse + schema (baseline)', schema));
    console.log(`    ratio decoder/baseline: ${fmt(percentile(decoded, 50) / percentile(schema, 50), 2)}×`);
  }
}
