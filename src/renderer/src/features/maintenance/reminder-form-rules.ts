import {
  renewalReminderBodySchema,
  serviceReminderBodySchema,
  type RENEWAL_KINDS,
  type RenewalReminderBody,
  type ServiceReminderBody,
} from '../../../../shared/interface';
import type { RenewalReminderView, ServiceReminderView } from '../../../../shared/ipc';
import { checkWith, numberOf, textOf } from '../../layout/forms/form-check';
import type { Checked } from '../../layout/forms/use-form-submit';

export const SERVICE_FIELDS = [
  'asset_id',
  'name',
  'due_date',
  'due_odometer_km',
  'repeat_days',
  'repeat_km',
  'notes',
] as const;
export type ServiceField = (typeof SERVICE_FIELDS)[number];

/** What the service reminder form holds: numbers as typed, so a half-typed one is not lost. */
export interface ServiceDraft {
  assetId: number | null;
  name: string;
  dueDate: string;
  dueKm: string;
  repeatDays: string;
  repeatKm: string;
  notes: string;
}

const text = (n: number | undefined): string => (n === undefined ? '' : String(n));

export function serviceDraft(assetId: number | null, r?: ServiceReminderView): ServiceDraft {
  return {
    assetId: r?.asset_id ?? assetId,
    name: r?.name ?? '',
    dueDate: r?.due_date ?? '',
    dueKm: text(r?.due_odometer_km),
    repeatDays: text(r?.repeat_days),
    repeatKm: text(r?.repeat_km),
    notes: r?.notes ?? '',
  };
}

const CHOOSE_ASSET = 'choose the asset';

/** The draft as the service's body, checked with serviceReminderBodySchema. */
export function checkServiceDraft(d: ServiceDraft): Checked<ServiceReminderBody, ServiceField> {
  const checked = checkWith(
    serviceReminderBodySchema,
    {
      asset_id: d.assetId ?? undefined,
      name: d.name,
      due_date: textOf(d.dueDate),
      due_odometer_km: numberOf(d.dueKm),
      repeat_days: numberOf(d.repeatDays),
      repeat_km: numberOf(d.repeatKm),
      notes: textOf(d.notes),
    },
    SERVICE_FIELDS,
  );
  if (!checked.ok && d.assetId === null) checked.errors.asset_id = CHOOSE_ASSET;
  return checked;
}

export const RENEWAL_FIELDS = ['asset_id', 'kind', 'due_date', 'remind_days_before', 'notes'] as const;
export type RenewalField = (typeof RENEWAL_FIELDS)[number];

export interface RenewalDraft {
  assetId: number | null;
  kind: (typeof RENEWAL_KINDS)[number];
  dueDate: string;
  remindDays: string;
  notes: string;
}

export function renewalDraft(assetId: number | null, r?: RenewalReminderView): RenewalDraft {
  return {
    assetId: r?.asset_id ?? assetId,
    kind: r?.kind ?? 'insurance',
    dueDate: r?.due_date ?? '',
    remindDays: String(r?.remind_days_before ?? 30),
    notes: r?.notes ?? '',
  };
}

export function checkRenewalDraft(d: RenewalDraft): Checked<RenewalReminderBody, RenewalField> {
  const checked = checkWith(
    renewalReminderBodySchema,
    {
      asset_id: d.assetId ?? undefined,
      kind: d.kind,
      due_date: d.dueDate.trim(),
      remind_days_before: numberOf(d.remindDays),
      notes: textOf(d.notes),
    },
    RENEWAL_FIELDS,
  );
  if (!checked.ok && d.assetId === null) checked.errors.asset_id = CHOOSE_ASSET;
  return checked;
}
