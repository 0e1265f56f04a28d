import {
  addDays,
  formatCalendarDate,
  inclusiveDays,
  parseCalendarDate,
  REPORT_CATALOGUE,
  reportRequestSchema,
  type ReportFormat,
  type ReportPriority,
  type ReportRequestInput,
  type ReportType,
} from '../../../../shared/interface';

/** Who a report is about, as the form offers it. */
export type SubjectKind = 'asset' | 'assets' | 'driver' | 'beacon';

export interface ReportFormState {
  type: ReportType;
  format: ReportFormat;
  priority: ReportPriority;
  title: string;
  /** Which of the type's subject kinds the user picked (asset or driver, asset or beacon). */
  subject: SubjectKind;
  assetId: number | null;
  assetIds: number[];
  /** Free text so a half-typed id is shown as the user typed it, then checked by the schema. */
  driverId: string;
  beaconId: string;
  dateFrom: string;
  dateTo: string;
}

export type ReportField =
  | 'type'
  | 'format'
  | 'priority'
  | 'title'
  | 'asset_id'
  | 'asset_ids'
  | 'driver_id'
  | 'beacon_id'
  | 'date_from'
  | 'date_to';

export type FieldErrors = Partial<Record<ReportField, string[]>>;

/** The subject kinds a type accepts, the first being the default (spec 2.1, 2.5; REPORT_CATALOGUE). */
export function subjectKinds(type: ReportType): readonly SubjectKind[] {
  switch (REPORT_CATALOGUE[type].subject) {
    case 'asset':
      return ['asset'];
    case 'asset_or_driver':
      return ['asset', 'driver'];
    case 'asset_or_beacon':
      return ['asset', 'beacon'];
    case 'beacon':
      return ['beacon'];
    case 'assets':
      return ['assets'];
  }
}

export const SUBJECT_LABEL: Readonly<Record<SubjectKind, string>> = {
  asset: 'Asset',
  assets: 'Assets',
  driver: 'Driver',
  beacon: 'Beacon',
};

/** The sentence shown under the date picker, e.g. "OBD-II diagnostics reports cover at most 14 days". */
export function rangeReason(type: ReportType): string {
  const info = REPORT_CATALOGUE[type];
  return `${info.label} reports cover at most ${info.maxRangeDays} days`;
}

/** The last date_to the picker allows for a date_from (inclusive day count, as the service counts). */
export function latestDateTo(type: ReportType, dateFrom: string): string | null {
  const from = parseCalendarDate(dateFrom);
  return from === null ? null : formatCalendarDate(addDays(from, REPORT_CATALOGUE[type].maxRangeDays - 1));
}

export function earliestDateFrom(type: ReportType, dateTo: string): string | null {
  const to = parseCalendarDate(dateTo);
  return to === null ? null : formatCalendarDate(addDays(to, -(REPORT_CATALOGUE[type].maxRangeDays - 1)));
}

export interface ClampedRange {
  readonly dateFrom: string;
  readonly dateTo: string;
  /** Why the range changed, or null when it was already allowed. */
  readonly note: string | null;
}

/**
 * Keeps the range within the type's maximum by moving the end the user did
 * not just edit, so switching to a shorter type or widening a range never
 * leaves the form in a state the service would refuse.
 */
export function clampRange(
  type: ReportType,
  dateFrom: string,
  dateTo: string,
  edited: 'from' | 'to' = 'from',
): ClampedRange {
  const from = parseCalendarDate(dateFrom);
  const to = parseCalendarDate(dateTo);
  if (from === null || to === null) return { dateFrom, dateTo, note: null };
  if (to < from) {
    return edited === 'from'
      ? { dateFrom, dateTo: dateFrom, note: 'The end moved to the new start' }
      : { dateFrom: dateTo, dateTo, note: 'The start moved to the new end' };
  }
  if (inclusiveDays(from, to) <= REPORT_CATALOGUE[type].maxRangeDays) return { dateFrom, dateTo, note: null };
  return edited === 'from'
    ? { dateFrom, dateTo: latestDateTo(type, dateFrom)!, note: `End moved: ${rangeReason(type)}` }
    : { dateFrom: earliestDateFrom(type, dateTo)!, dateTo, note: `Start moved: ${rangeReason(type)}` };
}

/** A new form: yesterday back as far as the type allows up to a week, on the preselected asset. */
export function initialForm(type: ReportType, assetId: number | null, today: string): ReportFormState {
  const todayMs = parseCalendarDate(today) ?? Date.UTC(2026, 0, 1);
  const to = formatCalendarDate(addDays(todayMs, -1));
  const days = Math.min(7, REPORT_CATALOGUE[type].maxRangeDays);
  return {
    type,
    format: 'pdf',
    priority: 'standard',
    title: '',
    subject: subjectKinds(type)[0]!,
    assetId,
    assetIds: assetId === null ? [] : [assetId],
    driverId: '',
    beaconId: '',
    dateFrom: formatCalendarDate(addDays(todayMs, -days)),
    dateTo: to,
  };
}

/** Switches the type, keeping what still applies and clamping the range to the new maximum. */
export function changeType(
  state: ReportFormState,
  type: ReportType,
): ReportFormState & { note: string | null } {
  const kinds = subjectKinds(type);
  const subject = kinds.includes(state.subject) ? state.subject : kinds[0]!;
  let assetId = state.assetId;
  let assetIds = state.assetIds;
  if (subject === 'assets' && assetIds.length === 0 && assetId !== null) assetIds = [assetId];
  if (subject === 'asset' && assetId === null && assetIds.length > 0) assetId = assetIds[0]!;
  const range = clampRange(type, state.dateFrom, state.dateTo, 'from');
  return {
    ...state,
    type,
    subject,
    assetId,
    assetIds,
    dateFrom: range.dateFrom,
    dateTo: range.dateTo,
    note: range.note,
  };
}

const idOf = (text: string): number | string | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
};

/** The request this form describes: only the identifier the chosen subject needs is sent. */
export function buildRequest(state: ReportFormState): Record<string, unknown> {
  const req: Record<string, unknown> = {
    type: state.type,
    format: state.format,
    priority: state.priority,
    date_from: state.dateFrom,
    date_to: state.dateTo,
  };
  if (state.title.trim() !== '') req.title = state.title.trim();
  switch (state.subject) {
    case 'asset':
      if (state.assetId !== null) req.asset_id = state.assetId;
      break;
    case 'assets':
      if (state.assetIds.length === 1) req.asset_id = state.assetIds[0];
      else if (state.assetIds.length > 1) req.asset_ids = [...state.assetIds];
      break;
    case 'driver':
      req.driver_id = idOf(state.driverId);
      break;
    case 'beacon':
      req.beacon_id = idOf(state.beaconId);
      break;
  }
  return req;
}

const FIELDS: readonly ReportField[] = [
  'type',
  'format',
  'priority',
  'title',
  'asset_id',
  'asset_ids',
  'driver_id',
  'beacon_id',
  'date_from',
  'date_to',
];
export function isReportField(key: unknown): key is ReportField {
  return typeof key === 'string' && (FIELDS as readonly string[]).includes(key);
}

const FIELD_LABEL: Readonly<Record<ReportField, string>> = {
  type: 'Type',
  format: 'Format',
  priority: 'Priority',
  title: 'Title',
  asset_id: 'An asset',
  asset_ids: 'At least one asset',
  driver_id: 'A driver id',
  beacon_id: 'A beacon id',
  date_from: 'The start date',
  date_to: 'The end date',
};

/** The schema speaks wire names ("must be on or after date_from"); the form speaks the operator's. */
function wording(state: ReportFormState, field: ReportField, message: string): string {
  if (field === 'date_to' && message.includes('may not exceed')) return rangeReason(state.type);
  if (message === 'must be on or after date_from') return 'The end must be on or after the start';
  if (/is required/.test(message)) return `${FIELD_LABEL[field]} is required for this report`;
  if (/expected number/.test(message)) return 'Enter a whole number';
  if (/greater than 0|expected int/i.test(message)) return 'Enter a positive whole number';
  return message;
}

/** A missing subject is reported on asset_id by the schema; show it on the field the user sees. */
function fieldFor(state: ReportFormState, field: ReportField): ReportField {
  if (field === 'asset_id' && state.subject === 'driver') return 'driver_id';
  if (field === 'asset_id' && state.subject === 'beacon') return 'beacon_id';
  if (field === 'asset_id' && state.subject === 'assets') return 'asset_ids';
  return field;
}

/** Checks the form with the shared reportRequestSchema (the same rules main and the service apply). */
export function validateReportForm(
  state: ReportFormState,
): { ok: true; request: ReportRequestInput } | { ok: false; errors: FieldErrors } {
  const parsed = reportRequestSchema.safeParse(buildRequest(state));
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    const field = fieldFor(state, isReportField(key) ? key : 'type');
    (errors[field] ??= []).push(wording(state, field, issue.message));
  }
  return { ok: false, errors };
}
