import type { PickerOption } from '../../layout/forms/option-search';
import type { ReportType } from '../../../../shared/interface';
import type { Driver, Tag } from '../../../../shared/ipc';

type NameOf = (assetId: number) => string | undefined;

/** "Up to three names, then how many more": a line an option can hold. */
function names(ids: readonly number[], nameOf: NameOf): string {
  const known = ids.map((id) => nameOf(id) ?? `Asset ${id}`);
  if (known.length <= 3) return known.join(', ');
  return `${known.slice(0, 3).join(', ')} and ${known.length - 3} more`;
}

/** "Andrea Ferrari — Van 01, Van 02": the driver and what they drive, as the report picks by. */
export function driverOptions(drivers: readonly Driver[], nameOf: NameOf): PickerOption[] {
  return drivers.map((d) => ({
    id: d.id,
    text: d.asset_ids.length > 0 ? `${d.name} — ${names(d.asset_ids, nameOf)}` : d.name,
  }));
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * "Pallet 07 · AC:23:3F:01:02:03 · portable, on Van 01". For the portable
 * beacon report the portable tags come first (spec 2.5: it follows a tag
 * that travels); the others stay on the list, since any tag may have moved.
 */
export function beaconOptions(tags: readonly Tag[], type: ReportType, nameOf: NameOf): PickerOption[] {
  const portableFirst = type === 'portable_beacon';
  return [...tags]
    .sort(
      (a, b) =>
        (portableFirst ? Number(b.portable) - Number(a.portable) : 0) || collator.compare(a.name, b.name),
    )
    .map((t) => {
      const on = t.asset_id === null ? null : `on ${nameOf(t.asset_id) ?? `asset ${t.asset_id}`}`;
      const traits = [t.portable ? 'portable' : null, on].filter(Boolean).join(', ');
      return { id: t.id, text: [t.name, t.mac, traits].filter((s) => s !== '').join(' · ') };
    });
}
