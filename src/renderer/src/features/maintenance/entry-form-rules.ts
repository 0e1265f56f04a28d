import {
  fuelEntryBodySchema,
  odometerEntryBodySchema,
  type FuelEntryBody,
  type OdometerEntryBody,
} from '../../../../shared/interface';
import type { FuelEntry } from '../../../../shared/ipc';
import { checkWith, numberOf, textOf, type FieldErrors } from '../../layout/forms/form-check';
import type { Checked } from '../../layout/forms/use-form-submit';
import { parseLocalInput, toLocalInput } from '../history/history-range';

/** A datetime-local value as the ISO instant the service takes; undefined when it is not one. */
function instantOf(local: string): string | undefined {
  const ms = parseLocalInput(local.trim());
  return ms === null ? undefined : new Date(ms).toISOString();
}

/** The schema's words for a missing asset or time are a type's ("enter a number"), not the form's. */
function assetAndTimeWords(
  errors: FieldErrors<'asset_id' | 'timestamp'>,
  assetId: number | null,
  when: string,
): void {
  if (assetId === null) errors.asset_id = 'choose the asset';
  if (instantOf(when) === undefined) errors.timestamp = 'enter the date and time';
}

export const ODOMETER_FIELDS = ['asset_id', 'timestamp', 'odometer_km', 'notes'] as const;
export type OdometerField = (typeof ODOMETER_FIELDS)[number];

export interface OdometerDraft {
  assetId: number | null;
  when: string;
  km: string;
  notes: string;
}

export const odometerDraft = (assetId: number | null, now: number): OdometerDraft => ({
  assetId,
  when: toLocalInput(now),
  km: '',
  notes: '',
});

export function checkOdometerDraft(d: OdometerDraft): Checked<OdometerEntryBody, OdometerField> {
  const checked = checkWith(
    odometerEntryBodySchema,
    {
      asset_id: d.assetId ?? undefined,
      timestamp: instantOf(d.when),
      odometer_km: numberOf(d.km),
      notes: textOf(d.notes),
    },
    ODOMETER_FIELDS,
  );
  if (!checked.ok) assetAndTimeWords(checked.errors, d.assetId, d.when);
  return checked;
}

export const FUEL_FIELDS = [
  'asset_id',
  'timestamp',
  'liters',
  'cost',
  'currency',
  'odometer_km',
  'full_tank',
  'station',
] as const;
export type FuelField = (typeof FUEL_FIELDS)[number];

export interface FuelDraft {
  assetId: number | null;
  when: string;
  liters: string;
  cost: string;
  currency: string;
  km: string;
  fullTank: boolean;
  station: string;
}

const text = (n: number | undefined): string => (n === undefined ? '' : String(n));

/** A new entry starts now, full tank, in the currency last used; an edit starts from the entry. */
export function fuelDraft(assetId: number | null, now: number, currency: string, e?: FuelEntry): FuelDraft {
  return {
    assetId: e?.asset_id ?? assetId,
    when: toLocalInput(e ? Date.parse(e.timestamp) : now),
    liters: text(e?.liters),
    cost: text(e?.cost),
    currency: e?.currency ?? currency,
    km: text(e?.odometer_km),
    fullTank: e?.full_tank ?? true,
    station: e?.station ?? '',
  };
}

export function checkFuelDraft(d: FuelDraft): Checked<FuelEntryBody, FuelField> {
  const checked = checkWith(
    fuelEntryBodySchema,
    {
      asset_id: d.assetId ?? undefined,
      timestamp: instantOf(d.when),
      liters: numberOf(d.liters),
      cost: numberOf(d.cost),
      // A currency without a cost says nothing: it is sent only with one.
      currency: numberOf(d.cost) === undefined ? undefined : textOf(d.currency.toUpperCase()),
      odometer_km: numberOf(d.km),
      full_tank: d.fullTank,
      station: textOf(d.station),
    },
    FUEL_FIELDS,
  );
  if (!checked.ok) assetAndTimeWords(checked.errors, d.assetId, d.when);
  return checked;
}
